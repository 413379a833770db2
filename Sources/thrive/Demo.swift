import ArgumentParser
import Foundation
import ThriveCore
import ThriveStore
import ThriveWeb

struct Demo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create or refresh the demo person: a year of realistic, invented health data.",
        discussion: "An existing demo person and all of their data are replaced by a fresh set ending today.")

    @OptionGroup var store: StoreOptions

    @Option(help: "standard (one year) or heavy (five years, minute-level heart rate, for benchmarks).")
    var scale: DemoScale = .standard

    @Option(name: .customLong("time-zone"), help: "The demo person's time zone (default: this machine's).")
    var timeZone: String?

    func run() async throws {
        let configuration = try store.configuration()
        let logger = Runtime.logger(configuration)
        var zone = TimeZone.current
        if let timeZone {
            guard let parsed = TimeZone(identifier: timeZone) else {
                throw ArgumentParser.ValidationError("“\(timeZone)” is not a known time zone; use a name like Europe/Berlin.")
            }
            zone = parsed
        }
        let database = try await Runtime.openStore(configuration, logger: logger)
        let started = Date()
        let outcome: DemoSeeder.Outcome
        do {
            outcome = try await DemoSeeder(store: database, hasher: Runtime.hasher(configuration)).ensure(
                refresh: true, scale: scale, timeZone: zone
            ) { done, total in
                print("  \(done)/\(total) days")
            }
        } catch {
            await database.close()
            throw error
        }
        await database.close()
        print(
            """
            Demo person ready: \(outcome.recordCount) records in \(String(format: "%.1f", Date().timeIntervalSince(started))) s.
              E-mail   \(DemoPerson.email)
              Password \(DemoPerson.password)
            Start the server with: thrive serve
            """)
    }
}

extension DemoScale: ExpressibleByArgument {}
