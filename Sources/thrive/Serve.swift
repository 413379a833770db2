import ArgumentParser
import Foundation
import Hummingbird
import ThriveCore
import ThriveStore
import ThriveWeb

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the Thrive server (web app and API).",
        discussion: "Migrates the database on start. Stop it with Ctrl-C; requests in flight are finished first.")

    @OptionGroup var store: StoreOptions

    @Option(help: "Address to listen on. Use 0.0.0.0 to accept other machines. [env: THRIVE_HOST] (default: 127.0.0.1)")
    var host: String?

    @Option(help: "Port to listen on. [env: THRIVE_PORT] (default: 8080)")
    var port: Int?

    @Option(
        name: .customLong("session-idle-minutes"),
        help: "Log browser sessions out after this many idle minutes. [env: THRIVE_SESSION_IDLE_MINUTES] (default: 15)")
    var sessionIdleMinutes: Int?

    @Option(
        name: .customLong("public-url"),
        help:
            "The https:// address people use, when TLS ends at a proxy in front; turns on Secure cookies and HSTS. [env: THRIVE_PUBLIC_URL]"
    )
    var publicURL: String?

    @Flag(help: "Create the demo person if absent and print how to log in.")
    var demo = false

    func run() async throws {
        var configuration = try store.configuration()
        if let host { configuration.host = host }
        if let port { configuration.port = try AppConfiguration.parsePort(String(port), source: "--port") }
        if let sessionIdleMinutes {
            configuration.sessionIdleMinutes = try AppConfiguration.parseIdleMinutes(
                String(sessionIdleMinutes), source: "--session-idle-minutes")
        }
        if let publicURL { configuration.publicURL = publicURL }

        let logger = Runtime.logger(configuration)
        let database = try await Runtime.openStore(configuration, logger: logger)
        let hasher = Runtime.hasher(configuration)
        do {
            if try await FoodCatalogLoader.loadIfNeeded(database) > 0 {
                Runtime.say("Loaded the USDA food table for meal logging (first start only).")
            }
            if demo {
                let outcome = try await DemoSeeder(store: database, hasher: hasher).ensure(refresh: false)
                printDemoInstructions(outcome, configuration: configuration)
            }
            let app = try await buildApplication(
                configuration, dependencies: AppDependencies(store: database, hasher: hasher, logger: logger))
            Runtime.say("Thrive is running at http://\(configuration.host):\(configuration.port) (\(database.database.location))")
            try await app.runService()
        } catch {
            await database.close()
            throw error
        }
        await database.close()
    }

    private func printDemoInstructions(_ outcome: DemoSeeder.Outcome, configuration: AppConfiguration) {
        let what = outcome.created ? "Created the demo person with \(outcome.recordCount) records." : "The demo person is ready."
        Runtime.say(
            """
            \(what)
              Open   http://\(configuration.host == "0.0.0.0" ? "127.0.0.1" : configuration.host):\(configuration.port)
              E-mail \(DemoPerson.email)
              Password \(DemoPerson.password)
            """)
    }
}
