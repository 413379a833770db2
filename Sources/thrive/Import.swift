import ArgumentParser
import Foundation
import ThriveCore
import ThriveImport
import ThriveStore
import ThriveWeb

#if canImport(Glibc)
    import Glibc
#endif

struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Bring data from other apps into a person's records.", subcommands: [AppleHealth.self, ThriveExport.self])

    struct AppleHealth: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "apple-health",
            abstract: "Import an Apple Health export (export.zip from the Health app, or its export.xml).",
            discussion: """
                Every record of a type Thrive uses becomes a sample in Thrive's units, from the source that \
                measured it; other types are counted and listed. Importing the same export again adds nothing; \
                a newer one adds only what is new; an import that was stopped is finished by running it again.
                """)

        @OptionGroup var store: StoreOptions

        @Argument(help: "The export: export.zip or export.xml.")
        var file: String

        @Option(help: "The e-mail of the account the records belong to.")
        var email: String

        func run() async throws {
            let (url, address, database) = try await Import.open(file, for: email, store)
            let meter = ProgressMeter(interactive: isatty(STDERR_FILENO) == 1)
            let result: Result<AppleHealthImport.Outcome, any Error>
            var zone = TimeZone.gmt
            do {
                guard let account = try await database.read({ try await $0.accounts.find(email: address) }) else {
                    throw ExitMessage("No account has the e-mail \(address).")
                }
                zone = try await database.read { try await $0.records(of: account.id).profile.get()?.timeZone } ?? .gmt
                result = .success(
                    try await AppleHealthImport(store: database).run(url, for: account.id) { progress, _ in meter.show(progress) }
                )
            } catch {
                result = .failure(error)
            }
            meter.finish()
            await database.close()
            let outcome: AppleHealthImport.Outcome
            switch result {
            case .success(let value): outcome = value
            case .failure(let error as XMLFileError): throw ExitMessage(Self.explain(error))
            case .failure(let error as ExportError): throw ExitMessage(Self.explain(error))
            case .failure(let error): throw error
            }
            print(ImportReport.text(outcome, zone: zone))
        }

        static func explain(_ error: XMLFileError) -> String {
            switch error {
            case .malformed(let line, let message):
                "The export is not well-formed XML at line \(line) (\(message)); it may be cut short. The records before "
                    + "that line were imported; export again from the Health app and import the new file to finish."
            case .entityDeclared:
                "The file declares XML entities, which an Apple Health export never does; nothing was imported."
            case .outOfMemory: "Out of memory while reading the export."
            }
        }

        static func explain(_ error: ExportError) -> String {
            switch error {
            case .unreadableArchive: "The ZIP is damaged or cut short; nothing was imported. Export again from the Health app."
            case .noExportXML: "The ZIP has no export.xml: it is not an Apple Health export."
            }
        }
    }
}

extension Import {
    /// The file to import (readable, or the command stops), the account's address and the store.
    static func open(_ file: String, for email: String, _ store: StoreOptions) async throws
        -> (URL, EmailAddress, Store)
    {
        let address = try ExitMessage.address(email)
        let url = URL(fileURLWithPath: file)
        guard FileManager.default.isReadableFile(atPath: url.path) else { throw ExitMessage("Cannot read \(file).") }
        let configuration = try store.configuration()
        return (url, address, try await Runtime.openStore(configuration, logger: Runtime.logger(configuration)))
    }
}

/// Progress on standard error: on a terminal one line redrawn (bytes, records per second, time
/// left); elsewhere a plain line every few seconds, for logs.
final class ProgressMeter: @unchecked Sendable {
    private let interactive: Bool
    private let started = Date()
    private let lock = NSLock()
    private var lastShown = Date.distantPast

    init(interactive: Bool) { self.interactive = interactive }

    func show(_ progress: AppleHealthImport.Progress) {
        let now = Date()
        let due = lock.withLock {
            guard now.timeIntervalSince(lastShown) >= (interactive ? 0.2 : 5) else { return false }
            lastShown = now
            return true
        }
        guard due else { return }
        let seconds = max(now.timeIntervalSince(started), 0.001)
        let rate = Double(progress.recordsStored) / seconds
        var line =
            "\(Self.megabytes(progress.bytesRead)) read · \(progress.recordsStored.formatted()) records · "
            + "\(Int(rate).formatted()) records/s"
        if let total = progress.totalBytes, total > 0, progress.bytesRead > 0 {
            let left = seconds * Double(total - progress.bytesRead) / Double(progress.bytesRead)
            line =
                "\(Int(100 * Double(progress.bytesRead) / Double(total)))% · " + line + " · about \(Int(left.rounded())) s left"
        }
        FileHandle.standardError.write(Data((interactive ? "\r\u{1B}[K" + line : line + "\n").utf8))
    }

    func finish() {
        if interactive { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }

    static func megabytes(_ bytes: Int) -> String {
        "\((Double(bytes) / 1_048_576).formatted(.number.precision(.fractionLength(1)))) MB"
    }
}

/// The words an import ends with: what was added, from what, over which years, and what was left.
enum ImportReport {
    /// Years in the person's time zone (`zone`), as the notification center says them.
    static func text(_ outcome: AppleHealthImport.Outcome, zone: TimeZone) -> String {
        let summary = outcome.summary
        var lines: [String] = []
        let years = summary.years(in: zone)
        let span = years.isEmpty ? "" : ", " + years
        lines.append(
            "Imported \(outcome.added.formatted()) new records of \(summary.readCount.formatted()) read from "
                + "\(summary.sources.sorted().joined(separator: ", "))\(span).")
        for (type, count) in summary.read.sorted(by: { $0.key < $1.key }) { lines.append("  \(type): \(count.formatted())") }
        if !summary.notUsed.isEmpty {
            lines.append("Not used by Thrive (\(summary.notUsedCount.formatted()) records, left out):")
            for (type, count) in summary.notUsed.sorted(by: { $0.key < $1.key }) {
                lines.append("  \(type): \(count.formatted())")
            }
        }
        for (reason, types) in summary.refused.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let words = [
                ImportSummary.Refusal.badDate: "with a start or end that is not a date",
                .badValue: "with a value that is not a number", .unknownUnit: "in a unit Thrive cannot convert",
                .outOfRange: "with a value no body or device produces",
            ][reason]!
            lines.append(
                "Refused \(types.values.reduce(0, +).formatted()) records \(words): "
                    + types.sorted(by: { $0.key < $1.key }).map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        }
        if outcome.notes.contains(.clinicalDocumentIgnored) {
            lines.append("export_cda.xml was left out: export.xml holds the same data.")
        }
        return lines.joined(separator: "\n")
    }
}
