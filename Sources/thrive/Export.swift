import ArgumentParser
import Foundation
import ThriveCore
import ThriveStore
import ThriveWeb

struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write everything a person keeps in Thrive to one ZIP (JSON, CSV, FHIR and a README).",
        discussion: """
            The same file the person gets from Profile › Your data › Export: each of their tables as JSON \
            and CSV, their vital signs as a FHIR R4 bundle, and a README saying what each file holds. It \
            holds health data: keep it where only they can read it.
            """)

    @OptionGroup var store: StoreOptions

    @Option(help: "The e-mail of the account to export.")
    var email: String

    @Option(help: "Where to write the ZIP (default: thrive-export-<date>.zip here).")
    var output: String?

    func run() async throws {
        let address = try ExitMessage.address(email)
        let configuration = try store.configuration()
        let database = try await Runtime.openStore(configuration, logger: Runtime.logger(configuration))
        let result: Result<(PersonalExport.Written, URL), any Error>
        do {
            guard let account = try await database.read({ try await $0.accounts.find(email: address) }) else {
                throw ExitMessage("No account has the e-mail \(address).")
            }
            let zone = try await database.read { try await $0.records(of: account.id).timeZone() }
            let name = DataExport(id: DataExportID(UUID()), requestedAt: Date()).fileName(in: zone)
            let destination = URL(fileURLWithPath: output ?? name)
            let work = destination.deletingLastPathComponent().appendingPathComponent(".\(name).building")
            let written = try await PersonalExport(store: database).write(account.id, to: destination, workFolder: work)
            result = .success((written, destination))
        } catch {
            result = .failure(error)
        }
        await database.close()
        let (written, destination) = try result.get()
        print("Wrote \(written.records) records (\(written.bytes / 1024) KB) to \(destination.path).")
    }
}
