import ArgumentParser
import ThriveCore

/// The `thrive` command: a thin shell over the ThriveWeb and ThriveStore modules.
@main
struct Thrive: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thrive",
        abstract: "Thrive, your private health companion: server, demo data and administration.",
        discussion: """
            Every option that configures the server or the database can also be set by an environment \
            variable (shown in each command's help); a flag wins over the environment.
            """,
        version: AppVersion.current,
        subcommands: [
            Serve.self, Demo.self, User.self, Import.self, Export.self, Report.self, Migrate.self, Plan.self, Sync.self,
            Jobs.self,
        ]
    )
}
