import ArgumentParser

/// `modelkit`: typed models from sample data, and a check that they still fit.
@main
struct ModelKitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "modelkit",
        abstract: "Typed @DictionaryModel models from sample JSON and property lists, and a check that they still fit.",
        discussion: """
            Examples:
              modelkit generate response.json --name Timeline --output Sources/Models/Timeline.swift
              modelkit check --models Sources/Models new-response.json --strict
            """,
        subcommands: [GenerateCommand.self, CheckCommand.self]
    )
}
