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
        return Response.redirect(to: ChecklistsPage.listPath(index))
    }

    /// The page of all lists, with a refused name in its field if there is one.
    func allListsPage(refusedName: RefusedText? = nil, focus: FocusRequest = .none) -> Page {
        ChecklistsPage.allLists(model, refusedName: refusedName, focus: focus)
    }

    /// Opens the list at `index` and remembers it, as the seed's segue stores `ChecklistIndex`.
    func open(_ index: Int, focus: FocusRequest) throws -> Page {
        let list = try Self.checked(back: Self.allListsLink) { () throws(ChecklistsModel.EditError) in
            try model.list(at: index)
        }
        if preferences[.checklistIndex] != index {
            try preferences.set(index, for: .checklistIndex)
        }
        return ChecklistsPage.checklist(list, index: index, focus: focus)
    }

    /// The page of the list at `index` with an item's text that was refused.
    func listPage(_ index: Int, refusedText: RefusedText) throws(PageError) -> Page {
        let list = try Self.checked(back: Self.allListsLink) { () throws(ChecklistsModel.EditError) in
            try model.list(at: index)
        }
        return ChecklistsPage.checklist(list, index: index, refusedText: refusedText)
    }

    /// The edit page of a list, with a name that was refused if there is one.
    func editListPage(_ index: Int, refusedName: RefusedText? = nil) throws(PageError) -> Page {
        let list = try Self.checked(back: Self.allListsLink) { () throws(ChecklistsModel.EditError) in
            try model.list(at: index)
        }
        return ChecklistsPage.editList(list, index: index, refusedName: refusedName)
    }

    /// The edit page of an item, with a text that was refused if there is one.
    func editItemPage(_ item: Int, inList list: Int, refusedText: RefusedText? = nil) throws(PageError) -> Page {
        let found = try Self.checked(back: Self.listLink(list)) { () throws(ChecklistsModel.EditError) in
            try model.item(item, inList: list)
        }
        return ChecklistsPage.editItem(found, index: item, list: list, refusedText: refusedText)
    }

    // MARK: Changes

    /// Applies `edit` to the lists and the open list and saves what changed; a refused edit changes
    /// nothing, and a failed save puts the lists back as they were, so the page and the file agree.
    ///
    /// - Parameter back: where the error page of a refused edit leads.
    /// - Returns: the lists and the open list after the edit.
    @discardableResult
    func change(
        back: PageLink, _ edit: @Sendable (inout ChecklistsModel) throws(ChecklistsModel.EditError) -> Void
    ) throws -> ChecklistsModel {
        let current = model
        var changed = current
        try Self.checked(back: back) { () throws(ChecklistsModel.EditError) in try edit(&changed) }
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
        return changed
    }

    /// The way back from an error about a list: the page of all lists.
    static let allListsLink = PageLink(path: GalleryPaths.checklists, label: "Back to your lists")

    /// The way back from an error about an item: its list.
    static func listLink(_ index: Int) -> PageLink {
        PageLink(path: ChecklistsPage.listPath(index), label: "Back to the list")
    }

    /// The 404 page of an address that names no list, a word or a number alike.
    static let noSuchList = PageError(
        .notFound, "There is no such list. It may have been deleted, or the address is mistyped.",
        back: allListsLink)

    /// The 404 page of an address that names no item of list `list`.
    static func noSuchItem(inList list: Int) -> PageError {
        PageError(
            .notFound, "This list has no such item. It may have been deleted, or the address is mistyped.",
            back: listLink(list))
    }

    /// Runs `body`, reporting a refused edit as the page a person sees: an index that names nothing
    /// is a 404, a page that is out of date a 409, each with a link `back` (all lists for a missing list).
    static func checked<Value>(
        back: PageLink, _ body: () throws(ChecklistsModel.EditError) -> Value
    ) throws(PageError) -> Value {
        do {
            return try body()
        } catch {
            switch error {
            case .noSuchList:
                throw noSuchList
            case .noSuchItem(let list, _):
                throw noSuchItem(inList: list)
            case .changed(let expected, let found):
                throw PageError(
                    .conflict,
                    "The page showed “\(expected)” here, but it is now “\(found)”: it was changed elsewhere.",
                    back: back)
            }
        }
    }

    // MARK: Routes

    /// Adds the Checklists' pages and forms under `/checklists`.
    nonisolated func addRoutes(to router: Router<some RequestContext>) {
        router.get("checklists") { request, context -> Response in
            if let redirect = await self.start() { return redirect }
            return await self.allListsPage(focus: FocusRequest(request)).response(from: request, context: context)
        }
        router.post("checklists") { request, context -> Response in
            switch try await FormFields.read(from: request).text("name", label: "list's name") {
            case .failure(let refused):
                return await self.allListsPage(refusedName: refused).response(from: request, context: context)
            case .success(let name):
                try await self.change(back: Self.allListsLink) { model throws(ChecklistsModel.EditError) in
                    model.addList(named: name)
                }
                return FocusRequest.redirect(to: GalleryPaths.checklists, focusing: ChecklistsPage.newListFieldID)
            }
        }
        router.post("checklists/close") { request, _ in
            _ = try await FormFields.read(from: request)
            let wasOpen = await self.model.selectedIndex
            try await self.change(back: Self.allListsLink) { model throws(ChecklistsModel.EditError) in
                model.indexOfSelectedChecklist = ChecklistsModel.noSelection
            }
            guard let wasOpen else { return Response.redirect(to: GalleryPaths.checklists) }
            return FocusRequest.redirect(to: GalleryPaths.checklists, focusing: ChecklistsPage.listID(wasOpen))
        }
        router.get("checklists/:list") { request, context in
            try await self.open(try Self.list(context), focus: FocusRequest(request))
        }
        router.get("checklists/:list/edit") { _, context in
            try await self.editListPage(try Self.list(context))
        }
        router.post("checklists/:list/rename") { request, context -> Response in
            let list = try Self.list(context)
            let form = try await FormFields.read(from: request)
            let current = try Self.current(form)
            switch try form.text("name", label: "list's name") {
            case .failure(let refused):
                return try await self.editListPage(list, refusedName: refused).response(from: request, context: context)
            case .success(let name):
                try await self.change(back: Self.allListsLink) { model throws(ChecklistsModel.EditError) in
                    try model.renameList(at: list, expecting: current, to: name)
                }
                return FocusRequest.redirect(to: GalleryPaths.checklists, focusing: ChecklistsPage.listID(list))
            }
        }
        router.post("checklists/:list/delete") { request, context in
            let list = try Self.list(context)
            let current = try Self.current(try await FormFields.read(from: request))
            let model = try await self.change(back: Self.allListsLink) { model throws(ChecklistsModel.EditError) in
                try model.deleteList(at: list, expecting: current)
            }
            // The row that took the deleted one's place, or the one above, or the field for a new list.
            let next =
                model.lists.isEmpty
                ? ChecklistsPage.newListFieldID : ChecklistsPage.listID(min(list, model.lists.count - 1))
            return FocusRequest.redirect(to: GalleryPaths.checklists, focusing: next)
        }
        router.post("checklists/:list/items") { request, context -> Response in
            let list = try Self.list(context)
            switch try await FormFields.read(from: request).text("text", label: "item's text") {
            case .failure(let refused):
                return try await self.listPage(list, refusedText: refused).response(from: request, context: context)
            case .success(let text):
                try await self.change(back: Self.listLink(list)) { model throws(ChecklistsModel.EditError) in
                    try model.addItem(text: text, toList: list)
                }
                return FocusRequest.redirect(to: ChecklistsPage.listPath(list), focusing: ChecklistsPage.newItemFieldID)
            }
        }
        router.get("checklists/:list/items/:item/edit") { _, context in
            let (list, item) = try Self.position(context)
            return try await self.editItemPage(item, inList: list)
        }
        router.post("checklists/:list/items/:item/toggle") { request, context in
            let (list, item) = try Self.position(context)
            let current = try Self.current(try await FormFields.read(from: request))
            try await self.change(back: Self.listLink(list)) { model throws(ChecklistsModel.EditError) in
                try model.toggleItem(item, inList: list, expecting: current)
            }
            return FocusRequest.redirect(to: ChecklistsPage.listPath(list), focusing: ChecklistsPage.itemID(item))
        }
        router.post("checklists/:list/items/:item/rename") { request, context -> Response in
            let (list, item) = try Self.position(context)
            let form = try await FormFields.read(from: request)
            let current = try Self.current(form)
            switch try form.text("text", label: "item's text") {
            case .failure(let refused):
                return try await self.editItemPage(item, inList: list, refusedText: refused)
                    .response(from: request, context: context)
            case .success(let text):
                try await self.change(back: Self.listLink(list)) { model throws(ChecklistsModel.EditError) in
                    try model.renameItem(item, inList: list, expecting: current, to: text)
                }
                return FocusRequest.redirect(to: ChecklistsPage.listPath(list), focusing: ChecklistsPage.itemID(item))
            }
        }
        router.post("checklists/:list/items/:item/delete") { request, context in
            let (list, item) = try Self.position(context)
            let current = try Self.current(try await FormFields.read(from: request))
            let model = try await self.change(back: Self.listLink(list)) { model throws(ChecklistsModel.EditError) in
                try model.deleteItem(item, inList: list, expecting: current)
            }
            // The row that took the deleted one's place, or the one above, or the field for a new item.
            let count = model.lists[list].items.count
            let next = count == 0 ? ChecklistsPage.newItemFieldID : ChecklistsPage.itemID(min(item, count - 1))
            return FocusRequest.redirect(to: ChecklistsPage.listPath(list), focusing: next)
        }
        // The addresses the forms post to, asked for with GET (a page shown after a refused text was
        // reloaded from the address bar): the page the form was on.
        router.get("checklists/:list/items") { _, context in
            Response.redirect(to: ChecklistsPage.listPath(try Self.list(context)))
        }
        router.get("checklists/:list/rename") { _, context in
            Response.redirect(to: "\(ChecklistsPage.listPath(try Self.list(context)))/edit")
        }
        router.get("checklists/:list/items/:item/rename") { _, context in
            let (list, item) = try Self.position(context)
            return Response.redirect(to: "\(ChecklistsPage.listPath(list))/items/\(item)/edit")
        }
    }

    /// The `current` field: what the page showed at the index the form names.
    private static func current(_ form: FormFields) throws(HTTPError) -> String {
        guard let current = form["current"] else {
            throw HTTPError(.badRequest, message: "The form has no “current” field.")
        }
        return current
    }

    /// The list number in the address; anything but a number names no list.
    private static func list(_ context: some RequestContext) throws(PageError) -> Int {
        try AddressIndex.read("list", from: context, orElse: noSuchList)
    }

    /// The list and item numbers in the address.
    private static func position(_ context: some RequestContext) throws(PageError) -> (list: Int, item: Int) {
        let list = try list(context)
        return (list, try AddressIndex.read("item", from: context, orElse: noSuchItem(inList: list)))
    }
}
