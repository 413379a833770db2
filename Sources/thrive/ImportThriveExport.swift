import ArgumentParser
import Foundation
import ThriveImport
import ThriveStore
import ThriveWeb

extension Import {
    struct ThriveExport: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "thrive-export",
            abstract: "Bring a person's Thrive export (the ZIP from Your data › Export) into an account without records.",
            discussion: """
                Everything in the export comes across in one transaction, each record under a new id: a damaged \
                file changes nothing. The account itself, a creator space and connected devices stay behind.
                """)

        @OptionGroup var store: StoreOptions

        @Argument(help: "The export's ZIP.")
        var file: String

        @Option(help: "The e-mail of the account the records go to (it must have none yet).")
        var email: String

        func run() async throws {
            let (url, address, database) = try await Import.open(file, for: email, store)
            let work = FileManager.default.temporaryDirectory.appendingPathComponent("thrive-import-\(UUID().uuidString)")
            let result: Result<ThriveExportImport.Outcome, any Error>
            do {
                guard let account = try await database.read({ try await $0.accounts.find(email: address) }) else {
                    throw ExitMessage("No account has the e-mail \(address).")
                }
                result = .success(try await ThriveExportImport(store: database).run(url, for: account.id, workFolder: work))
            } catch {
                result = .failure(error)
            }
            await database.close()
            switch result {
            case .success(let outcome):
                print("Imported \(outcome.added.formatted()) records.")
                for (table, rows) in outcome.summary.read.sorted(by: { $0.key < $1.key }) {
                    print("  \(table): \(rows.formatted())")
                }
            case .failure(ThriveExportImport.Refusal.accountNotEmpty):
                throw ExitMessage("\(address) has records already; a Thrive export goes only into an account without any.")
            case .failure(let error as ThriveExportError): throw ExitMessage(Self.explain(error))
            case .failure(let error as PersonalRestore.Unreadable):
                throw ExitMessage(Self.explain(.damaged(table: error.table, line: error.line)))
            case .failure(let error): throw error
            }
        }

        static func explain(_ error: ThriveExportError) -> String {
            switch error {
            case .unreadableArchive: "The ZIP is damaged or cut short; nothing was imported."
            case .notAThriveExport: "This ZIP is not a Thrive export; nothing was imported."
            case .newer: "The export comes from a newer Thrive than this one; update Thrive, then import it again."
            case .damaged(let table, let line):
                "The export is damaged at line \(line) of data/\(table).json; nothing was imported."
            }
        }
    }
}
