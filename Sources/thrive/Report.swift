import ArgumentParser
import Foundation
import ThriveCore
import ThriveStore
import ThriveWeb

struct Report: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a person's password-protected health report (PDF, AES-256) for a period.",
        discussion: """
            The report of Profile › Your data › Health report: a summary, sleep, protein and calories \
            against the person's targets, workouts against their plan, weight, safety flags and data \
            sources, named firstname_lastname_YYYY-MM-DD.pdf. The password is asked for without echo \
            (or read from the first line of standard input with --password-stdin), never taken as an \
            argument, since arguments show in the process list.
            """)

    @OptionGroup var store: StoreOptions

    @Option(help: "The e-mail of the account.")
    var email: String

    @Option(help: "First day (YYYY-MM-DD); with --to. Default: last calendar month.")
    var from: String?

    @Option(help: "Last day (YYYY-MM-DD), today at the latest; a year at most.")
    var to: String?

    @Flag(help: "Also write the figures by day as CSV: the file is then a ZIP of both.")
    var csv = false

    @Option(help: "The report's language: en, fr, de, es or pt.")
    var language: String = "en"

    @Flag(help: "Read the report's password from the first line of standard input.")
    var passwordStdin = false

    @Option(help: "Where to write it (default: its own name, here).")
    var output: String?

    func run() async throws {
        let address = try ExitMessage.address(email)
        guard let language = Language(rawValue: language) else { throw ExitMessage("Languages: en, fr, de, es, pt.") }
        let first = try from.map(Self.day)
        let last = try to.map(Self.day)
        guard (first == nil) == (last == nil) else { throw ExitMessage("Give both --from and --to, or neither.") }
        let password = try Terminal.password(for: "the report", fromStandardInput: passwordStdin)
        if !passwordStdin, Terminal.readSecret(prompt: "Again: ") != password {
            throw ExitMessage("The two passwords are not the same.")
        }
        let configuration = try store.configuration()
        let database = try await Runtime.openStore(configuration, logger: Runtime.logger(configuration))
        let result: Result<(PersonalReport.File, URL), any Error>
        do {
            guard let account = try await database.read({ try await $0.accounts.find(email: address) }) else {
                throw ExitMessage("No account has the e-mail \(address).")
            }
            let file = try await PersonalReport(store: database).make(
                account.id, first: first, last: last, password: password, includeCSV: csv, language: language)
            let destination = URL(fileURLWithPath: output ?? file.name)
            try Data(file.bytes).write(to: destination, options: .atomic)
            result = .success((file, destination))
        } catch let problems as ValidationErrors {
            result = .failure(ExitMessage(problems.all.map(\.message).joined(separator: "\n")))
        } catch {
            result = .failure(error)
        }
        await database.close()
        let (file, destination) = try result.get()
        print("Wrote the report (\(file.bytes.count / 1024) KB) to \(destination.path).")
    }

    static func day(_ text: String) throws -> LocalDate {
        guard let date = LocalDate(iso8601: text) else { throw ExitMessage("\(text) is not a day (YYYY-MM-DD).") }
        return date
    }
}
