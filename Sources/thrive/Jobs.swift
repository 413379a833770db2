import ArgumentParser
import Foundation
import ThriveCore
import ThriveStore
import ThriveWeb

struct Jobs: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Background jobs (reminders): what waits, and running what is due now.",
        discussion: "`thrive serve` runs them by itself; these are for operators. Payloads are never shown.",
        subcommands: [List.self, RunDue.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the jobs due and not run yet, and those out of tries.")

        @OptionGroup var store: StoreOptions

        func run() async throws {
            let configuration = try store.configuration()
            let logger = Runtime.logger(configuration)
            let database = try await Runtime.openStore(configuration, logger: logger)
            do {
                let now = Date()
                let (waiting, failed) = try await BackgroundJobs(store: database, logger: logger).overview(dueBy: now)
                await database.close()
                print(waiting.isEmpty ? "No job is due." : "Due (\(waiting.count)):")
                for job in waiting {
                    print("  \(job.kind)  due \(job.dueAt.formatted(.iso8601))  tries \(job.attempts)")
                }
                if !failed.isEmpty {
                    print("Out of tries (\(failed.count)):")
                    for job in failed { print("  \(job.kind)  tries \(job.attempts)  \(job.lastError ?? "")") }
                }
            } catch {
                await database.close()
                throw error
            }
        }
    }

    struct RunDue: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "run-due", abstract: "Plan what is coming and run every job due now, then exit.")

        @OptionGroup var store: StoreOptions

        func run() async throws {
            let configuration = try store.configuration()
            let logger = Runtime.logger(configuration)
            let database = try await Runtime.openStore(configuration, logger: logger)
            do {
                let ran = try await BackgroundJobs(
                    store: database, push: configuration.push, files: PersonFiles(configuration),
                    devices: configuration.devices, dataDirectory: configuration.dataDirectory,
                    linkBase: configuration.linkBase, inactivityDeletion: configuration.inactivityDeletion,
                    aatThresholds: configuration.aatThresholds, airQuality: configuration.airQuality, logger: logger
                ).runDue()
                await database.close()
                print(ran == 1 ? "Ran 1 job." : "Ran \(ran) jobs.")
            } catch {
                await database.close()
                throw error
            }
        }
    }
}
