import ArgumentParser

/// `modelkit`: typed models from sample data, and a check that they still fit.
@main
struct ModelKitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "modelkit",
        abstract: "Typed @DictionaryModel models from sample JSON and property lists, and a check that they still fit.",
        subcommands: [GenerateCommand.self, CheckCommand.self]
    )
}
