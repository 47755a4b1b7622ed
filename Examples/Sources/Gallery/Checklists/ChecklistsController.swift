import Foundation
import Hummingbird
import ModelStore

/// Seed 004's Checklists in the browser: the seed's `DataModel` and its view controllers as routes.
///
/// The lists live in a ModelStore ``Document`` (`Checklists.plist` in the data folder) and the open
/// list in ``Preferences`` (`ChecklistIndex`, with `FirstTime` for the first launch), both under the
/// seed's names. Every change is saved before its response is sent, and everything is saved once
/// more when the server shuts down, the seed's `applicationWillTerminate`.
///
/// An actor, because an edit reads the lists and the open list, checks the edit against them and
/// writes both; two requests must not interleave in between.
actor ChecklistsController {
    /// The name of the lists' file, the seed's.
    static let documentFileName = "Checklists.plist"
    /// The name of the preferences' file.
    static let preferencesFileName = "Preferences.plist"

    private let document: Document<[Checklist]>
    private let preferences: Preferences
    /// Saves both stores on shutdown; it handles no signal itself, since the server's service group
    /// already turns SIGINT and SIGTERM into a graceful shutdown that calls it.
    private let saver: TerminationSaver

    /// What loading had to do: a damaged file replaced by its backup, stored values of the wrong type
    /// read as their defaults. The server prints these at start.
    nonisolated let diagnostics: [String]

    /// Opens the lists and the preferences in `dataDirectory` and runs the seed's `handleFirstTime()`.
    init(dataDirectory: URL) throws {
        let document = try Document(
            location: .file(dataDirectory.appendingPathComponent(Self.documentFileName)),
            initial: [Checklist](),
            // XML, so that the file can be read by a person, as the seed's could.
            format: .xmlPropertyList,
            // Each change is saved by the request that made it, so no timer is needed.
            autosave: .disabled)
        let preferences = Preferences(
            location: .file(dataDirectory.appendingPathComponent(Self.preferencesFileName)), format: .xmlPropertyList)
        try preferences.handleFirstLaunch(.firstTime) {
            var model = ChecklistsModel(lists: document.root, indexOfSelectedChecklist: preferences[.checklistIndex])
            model.handleFirstTime()
            document.update { $0 = model.lists }
            try document.save()
            try preferences.set(model.indexOfSelectedChecklist, for: .checklistIndex)
        }
        if document.hasUnsavedChanges {
            // A root recovered from the backup or migrated: write it now, so the file is whole again.
            try document.save()
        }
        self.document = document
        self.preferences = preferences
        self.saver = TerminationSaver(saving: [document, preferences], signals: [])
        self.diagnostics = (document.loadDiagnostics + preferences.diagnostics).map { "\($0)" }
    }

    /// The lists and the open list, as they are now.
    var model: ChecklistsModel {
        ChecklistsModel(lists: document.root, indexOfSelectedChecklist: preferences[.checklistIndex])
    }

    /// Saves everything; the shutdown service calls this so that nothing is lost.
    func save() throws {
        if let failure = saver.saveAll().first { throw failure }
    }

    // MARK: Pages

    /// `GET /checklists`: the open list if one is remembered and still exists, else all lists.
    func start() -> Response? {
        guard let index = model.selectedIndex else { return nil }
        return Response.redirect(to: "\(GalleryPaths.checklists)/\(index)")
    }

    /// The page of all lists.
    func allListsPage() -> Page {
        ChecklistsPage.allLists(model)
    }

    /// Opens the list at `index` and remembers it, as the seed's segue stores `ChecklistIndex`.
    func open(_ index: Int) throws -> Page {
        let list = try Self.checked { () throws(ChecklistsModel.EditError) in try model.list(at: index) }
        if preferences[.checklistIndex] != index {
            try preferences.set(index, for: .checklistIndex)
        }
        return ChecklistsPage.checklist(list, index: index)
    }

    /// The edit page of a list.
    func editListPage(_ index: Int) throws(HTTPError) -> Page {
        let list = try Self.checked { () throws(ChecklistsModel.EditError) in try model.list(at: index) }
        return ChecklistsPage.editList(list, index: index)
    }

    /// The edit page of an item.
    func editItemPage(_ item: Int, inList list: Int) throws(HTTPError) -> Page {
        let found = try Self.checked { () throws(ChecklistsModel.EditError) in try model.item(item, inList: list) }
        return ChecklistsPage.editItem(found, index: item, list: list)
    }

    // MARK: Changes

    /// Applies `edit` to the lists and the open list and saves what changed; a refused edit changes
    /// nothing, and a failed save puts the lists back as they were, so the page and the file agree.
    func change(_ edit: @Sendable (inout ChecklistsModel) throws(ChecklistsModel.EditError) -> Void) throws {
        let current = model
        var changed = current
        try Self.checked { () throws(ChecklistsModel.EditError) in try edit(&changed) }
        if changed.lists != current.lists {
            document.update { $0 = changed.lists }
            do {
                try document.save()
            } catch {
                document.update { $0 = current.lists }
                throw error
            }
        }
        if changed.indexOfSelectedChecklist != current.indexOfSelectedChecklist {
            try preferences.set(changed.indexOfSelectedChecklist, for: .checklistIndex)
        }
    }

    /// Runs `body`, reporting a refused edit as the page a person sees: an index that names nothing
    /// is a 404, a page that is out of date a 409.
    static func checked<Value>(
        _ body: () throws(ChecklistsModel.EditError) -> Value
    ) throws(HTTPError) -> Value {
        do {
            return try body()
        } catch {
            switch error {
            case .noSuchList(let index):
                throw HTTPError(.notFound, message: "There is no list number \(index).")
            case .noSuchItem(let list, let item):
                throw HTTPError(.notFound, message: "List \(list) has no item number \(item).")
            case .changed(let expected, let found):
                throw HTTPError(
                    .conflict,
                    message: "The page showed “\(expected)” here, but it is now “\(found)”. Reload and try again.")
            }
        }
    }

    // MARK: Routes

    /// Adds the Checklists' pages and forms under `/checklists`.
    nonisolated func addRoutes(to router: Router<some RequestContext>) {
        router.get("checklists") { request, context -> Response in
            if let redirect = await self.start() { return redirect }
            return await self.allListsPage().response(from: request, context: context)
        }
        router.post("checklists") { request, _ in
            let name = try await FormFields.read(from: request).text("name", label: "list's name")
            try await self.change { model throws(ChecklistsModel.EditError) in model.addList(named: name) }
            return Response.redirect(to: GalleryPaths.checklists)
        }
        router.post("checklists/close") { request, _ in
            _ = try await FormFields.read(from: request)
            try await self.change { model throws(ChecklistsModel.EditError) in
                model.indexOfSelectedChecklist = ChecklistsModel.noSelection
            }
            return Response.redirect(to: GalleryPaths.checklists)
        }
        router.get("checklists/:list") { _, context in
            try await self.open(try context.parameters.require("list", as: Int.self))
        }
        router.get("checklists/:list/edit") { _, context in
            try await self.editListPage(try context.parameters.require("list", as: Int.self))
        }
        router.post("checklists/:list/rename") { request, context in
            let list = try context.parameters.require("list", as: Int.self)
            let form = try await FormFields.read(from: request)
            let current = try Self.current(form)
            let name = try form.text("name", label: "list's name")
            try await self.change { model throws(ChecklistsModel.EditError) in
                try model.renameList(at: list, expecting: current, to: name)
            }
            return Response.redirect(to: GalleryPaths.checklists)
        }
        router.post("checklists/:list/delete") { request, context in
            let list = try context.parameters.require("list", as: Int.self)
            let current = try Self.current(try await FormFields.read(from: request))
            try await self.change { model throws(ChecklistsModel.EditError) in
                try model.deleteList(at: list, expecting: current)
            }
            return Response.redirect(to: GalleryPaths.checklists)
        }
        router.post("checklists/:list/items") { request, context in
            let list = try context.parameters.require("list", as: Int.self)
            let text = try await FormFields.read(from: request).text("text", label: "item's text")
            try await self.change { model throws(ChecklistsModel.EditError) in
                try model.addItem(text: text, toList: list)
            }
            return Response.redirect(to: "\(GalleryPaths.checklists)/\(list)")
        }
        router.get("checklists/:list/items/:item/edit") { _, context in
            let (list, item) = try Self.position(context)
            return try await self.editItemPage(item, inList: list)
        }
        router.post("checklists/:list/items/:item/toggle") { request, context in
            let (list, item) = try Self.position(context)
            let current = try Self.current(try await FormFields.read(from: request))
            try await self.change { model throws(ChecklistsModel.EditError) in
                try model.toggleItem(item, inList: list, expecting: current)
            }
            return Response.redirect(to: "\(GalleryPaths.checklists)/\(list)")
        }
        router.post("checklists/:list/items/:item/rename") { request, context in
            let (list, item) = try Self.position(context)
            let form = try await FormFields.read(from: request)
            let current = try Self.current(form)
            let text = try form.text("text", label: "item's text")
            try await self.change { model throws(ChecklistsModel.EditError) in
                try model.renameItem(item, inList: list, expecting: current, to: text)
            }
            return Response.redirect(to: "\(GalleryPaths.checklists)/\(list)")
        }
        router.post("checklists/:list/items/:item/delete") { request, context in
            let (list, item) = try Self.position(context)
            let current = try Self.current(try await FormFields.read(from: request))
            try await self.change { model throws(ChecklistsModel.EditError) in
                try model.deleteItem(item, inList: list, expecting: current)
            }
            return Response.redirect(to: "\(GalleryPaths.checklists)/\(list)")
        }
    }

    /// The `current` field: what the page showed at the index the form names.
    private static func current(_ form: FormFields) throws(HTTPError) -> String {
        guard let current = form["current"] else {
            throw HTTPError(.badRequest, message: "The form has no “current” field.")
        }
        return current
    }

    /// The list and item numbers in the address.
    private static func position(_ context: some RequestContext) throws -> (list: Int, item: Int) {
        (try context.parameters.require("list", as: Int.self), try context.parameters.require("item", as: Int.self))
    }
}
