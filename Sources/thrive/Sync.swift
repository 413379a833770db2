import ArgumentParser
import Foundation
import ThriveCore
import ThriveSync
import ThriveSyncClient

/// `thrive sync`: a device's own copy of the person's records in a local SQLite file, kept in step
/// with a Thrive server. Entries can be logged offline (`--offline`) and are sent the next time.
struct Sync: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Keep a local copy of your records in step with a Thrive server; log entries offline.",
        discussion: """
            Entries given with --mood, --journal, --water or --weight are saved in the local database \
            first and sent with this sync (or the next one, with --offline). Nothing is lost when the \
            connection drops: unsent changes stay queued and are safe to send again. The password comes \
            from THRIVE_PASSWORD, standard input (--password-stdin) or a prompt.

            Exit status: 0 in step with the server; 3 in step, but a conflict waits for you (run again \
            with --resolve); 1 the sync did not finish (unsent changes stay queued).
            """)

    /// The exit status that says the sync went through but a conflict waits for the person.
    static let conflictWaits: Int32 = 3

    @Option(help: "The Thrive server, e.g. http://127.0.0.1:8080.")
    var server: String?

    @Option(help: "Your account's e-mail address.")
    var email: String?

    @Option(help: "This device's database file. [env: THRIVE_DEVICE_DATABASE] (default: thrive-device.sqlite)")
    var database: String?

    @Flag(name: .customLong("password-stdin"), help: "Read the password from the first line of standard input.")
    var passwordFromStandardInput = false

    @Option(help: "Log a mood check-in, 1 (low) to 5 (great).")
    var mood: Int?

    @Option(help: "A private note with the mood check-in.")
    var note: String?

    @Option(help: "Keep a journal entry with this text.")
    var journal: String?

    @Option(help: "Log water drunk, in millilitres.")
    var water: Double?

    @Option(help: "Log a weigh-in, in kilograms.")
    var weight: Double?

    @Flag(help: "Only save the entries locally; send them with the next sync.")
    var offline = false

    @Option(help: "Settle every waiting conflict: keep-mine or keep-server.")
    var resolve: Resolution?

    enum Resolution: String, ExpressibleByArgument, CaseIterable {
        case keepMine = "keep-mine"
        case keepServer = "keep-server"
    }

    func validate() throws {
        if note != nil, mood == nil { throw ArgumentParser.ValidationError("--note goes with a mood check-in: add --mood.") }
        if !offline, server == nil || email == nil {
            throw ArgumentParser.ValidationError("Give --server and --email to sync, or --offline to only save entries here.")
        }
    }

    func run() async throws {
        let path = database ?? ProcessInfo.processInfo.environment["THRIVE_DEVICE_DATABASE"] ?? "thrive-device.sqlite"
        let store = try await LocalSyncStore.open(path: path)
        do {
            try await run(with: store)
            try await store.close()
        } catch {
            try? await store.close()
            throw error
        }
    }

    private func run(with store: LocalSyncStore) async throws {
        // Entries are kept on the device first, so a failed sign-in or an unreachable server loses none.
        let local = SyncClient(store: store, transport: OfflineTransport())
        for entry in try entries() {
            try await local.save(entry.kind, fields: entry.fields)
            Runtime.say("Saved \(entry.description) on this device.")
        }
        if let resolve {
            for conflict in try await local.conflicts() {
                try await local.resolve(conflict, resolve == .keepMine ? .keepMine : .keepServer)
            }
        }
        if !offline {
            let client = SyncClient(store: store, transport: try await signIn())
            do {
                Runtime.say(SyncSummary.report(try await client.sync()))
            } catch let error as SyncTransportError {
                throw ExitMessage("Sync stopped, nothing was lost (unsent changes stay queued): \(error)")
            } catch let error as URLError {
                throw ExitMessage("Could not reach \(server ?? ""): \(error.localizedDescription) Unsent changes stay queued.")
            }
        }
        Runtime.say(try await SyncSummary.holdings(local))
        if !offline, try await !local.conflicts().isEmpty { throw ExitCode(Self.conflictWaits) }
    }

    private func signIn() async throws -> HTTPSyncTransport {
        guard let server, let url = URL(string: server), url.scheme == "http" || url.scheme == "https" else {
            throw ExitMessage("--server must be an http:// or https:// address, e.g. http://127.0.0.1:8080.")
        }
        let email = email ?? ""
        let password =
            try ProcessInfo.processInfo.environment["THRIVE_PASSWORD"].flatMap { $0.isEmpty ? nil : $0 }
            ?? Terminal.password(for: email, fromStandardInput: passwordFromStandardInput)
        do {
            let token = try await HTTPSyncTransport.logIn(server: url, email: email, password: password)
            return HTTPSyncTransport(server: url, token: token)
        } catch let error as SyncTransportError {
            throw ExitMessage("Could not sign in to \(server): \(error.message) Unsent changes stay queued.")
        } catch let error as URLError {
            throw ExitMessage("Could not reach \(server): \(error.localizedDescription) Unsent changes stay queued.")
        }
    }

    /// The entries asked for, in the entries API's shape (the fields sync carries).
    private func entries() throws -> [(kind: ChangeKind, fields: JSONValue, description: String)] {
        let now = JSONValue.string(ISO8601DateFormatter().string(from: Date()))
        var entries: [(ChangeKind, JSONValue, String)] = []
        if let mood {
            var fields: [String: JSONValue] = ["mood": .number(Double(mood)), "recordedAt": now]
            if let note { fields["note"] = .string(note) }
            entries.append((.moodCheckIn, .object(fields), "a mood check-in (\(mood) of 5)"))
        }
        if let journal {
            entries.append((.journalEntry, .object(["text": .string(journal), "writtenAt": now]), "a journal entry"))
        }
        if let water {
            entries.append((.water, .object(["millilitres": .number(water), "drankAt": now]), "\(Int(water)) ml of water"))
        }
        if let weight {
            entries.append((.weighIn, .object(["kilograms": .number(weight), "measuredAt": now]), "a weigh-in of \(weight) kg"))
        }
        return entries
    }
}

/// The transport of a client that only edits the device's copy: never called, since it never syncs.
private struct OfflineTransport: SyncTransport {
    func send(_ request: SyncRequest) async throws -> SyncResponse {
        throw SyncTransportError(status: nil, message: "Offline.")
    }
}

/// What a sync did and what the device now holds, in words.
enum SyncSummary {
    static func report(_ report: SyncReport) -> String {
        var lines = [
            "Sent \(count(report.sent, "change")): \(report.applied) applied, \(count(report.conflicts, "conflict")), "
                + "\(report.rejected.count) rejected. Received \(count(report.pulled, "change")) from the server."
        ]
        lines += report.rejected.map { "Rejected: \($0)" }
        return lines.joined(separator: "\n")
    }

    static func holdings(_ client: SyncClient) async throws -> String {
        var parts: [String] = []
        for kind in ChangeKind.allCases where kind.conflictStrategy != .serverOnly {
            let held = try await client.records(kind).count
            if held > 0 { parts.append("\(noun(kind)) \(held)") }
        }
        var lines = ["This device holds: \(parts.isEmpty ? "no records yet" : parts.joined(separator: ", "))."]
        if let snapshot = try await client.snapshot(), let first = snapshot.days.first, let last = snapshot.days.last {
            let time = ISO8601DateFormatter.string(
                from: snapshot.generatedAt, timeZone: .current,
                formatOptions: [.withFullDate, .withTime, .withColonSeparatorInTime])
            lines.append("Offline copy of the dashboard: \(first.date) to \(last.date), data from \(time).")
        }
        let queued = try await client.queued()
        lines.append("\(count(queued, "change")) waiting to be sent.")
        for conflict in try await client.conflicts() {
            lines.append(
                "Conflict: \(noun(conflict.kind)) \(conflict.recordID) was changed on the server too. "
                    + "Run again with --resolve keep-mine or --resolve keep-server.")
        }
        return lines.joined(separator: "\n")
    }

    /// The kind's plural name in the CLI's English.
    private static func noun(_ kind: ChangeKind) -> String {
        switch kind {
        case .moodCheckIn: "mood check-ins"
        case .journalEntry: "journal entries"
        case .meal: "meals"
        case .workout: "workouts"
        case .weighIn: "weigh-ins"
        case .water: "water logs"
        case .sleep: "sleep logs"
        case .settings: "settings"
        case .goals: "goals"
        case .profile: "profile"
        case .samples: "sample batches"
        case .habitCheckIn: "habit check-ins"
        case .testKit: "test kits"
        }
    }

    private static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
