import Foundation
import Testing
import ThriveCore
import ThriveSyncClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("thrive sync")
struct SyncCommandTests {
    @Test func logsOfflineThenSendsWhenTheServerIsReachable() async throws {
        let thrive = Thrive()
        let server = ServerProcess(dataDirectory: thrive.dataDirectory.appendingPathComponent("server"))
        defer {
            server.cleanUp()
            thrive.cleanUp()
        }
        try await server.start(demo: true)
        let device = thrive.dataDirectory.appendingPathComponent("phone.sqlite").path
        let signIn = ["--server", server.url.absoluteString, "--email", DemoPerson.email.value, "--database", device]
        let password = ["THRIVE_PASSWORD": DemoPerson.password]

        let offline = try thrive.run(["sync", "--offline", "--database", device, "--mood", "4", "--note", "Calm after the run"])
        #expect(offline.status == 0, "\(offline.errors)")
        #expect(offline.output.contains("Saved a mood check-in (4 of 5) on this device."))
        #expect(offline.output.contains("1 change waiting to be sent."))

        let refused = try thrive.run(["sync"] + signIn, environment: ["THRIVE_PASSWORD": "not-the-password"])
        #expect(refused.status != 0)
        #expect(
            refused.errors.contains(
                "Could not sign in to \(server.url.absoluteString): The e-mail or password is not right. Unsent changes stay queued."
            ))

        let synced = try thrive.run(["sync"] + signIn, environment: password)
        #expect(synced.status == 0, "\(synced.errors)")
        #expect(synced.output.contains("Sent 1 change: 1 applied, 0 conflicts, 0 rejected."), "\(synced.output)")
        #expect(synced.output.contains("0 changes waiting to be sent."))
        #expect(synced.output.contains("mood check-ins"), "the demo person's year came down with it")
        #expect(synced.output.contains("Offline copy of the dashboard: "), "\(synced.output)")

        let token = try await HTTPSyncTransport.logIn(
            server: server.url, email: DemoPerson.email.value, password: DemoPerson.password)
        var request = URLRequest(url: server.url.appendingPathComponent("api/v1/entries/mood"))
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        let (moods, _) = try await URLSession.shared.data(for: request)
        #expect(String(decoding: moods, as: UTF8.self).contains("Calm after the run"))

        let invalid = try thrive.run(["sync", "--mood", "9"] + signIn, environment: password)
        #expect(invalid.output.contains("1 rejected"), "\(invalid.output)")
        #expect(invalid.output.contains("Rejected: "), "the server's own message is shown")

        server.kill()
        let unreachable = try thrive.run(["sync", "--journal", "Written on the train"] + signIn, environment: password)
        #expect(unreachable.status != 0)
        #expect(unreachable.errors.contains("Could not reach"))
        #expect(unreachable.errors.contains("Unsent changes stay queued."), "\(unreachable.errors)")
        let waiting = try thrive.run(["sync", "--offline", "--database", device])
        #expect(waiting.output.contains("1 change waiting to be sent."), "the journal entry is kept for later")

        try await server.start()
        let later = try thrive.run(["sync"] + signIn, environment: password)
        #expect(later.output.contains("Sent 1 change: 1 applied"), "\(later.output)")
        #expect(later.output.contains("journal entries 1"))

        // The check-in is edited here (by an app sharing this device's copy) and on the server:
        // the sync goes through, but a conflict waits for the person, and the exit status says so.
        let store = try await LocalSyncStore.open(path: device)
        let phone = SyncClient(store: store, transport: HTTPSyncTransport(server: server.url, token: token))
        let calm = try #require(
            try await phone.records(.moodCheckIn).first { $0.fields?.object?["note"] == .string("Calm after the run") })
        var mine = calm.fields?.object ?? [:]
        mine["mood"] = .number(2)
        try await phone.save(.moodCheckIn, id: calm.id, fields: .object(mine))
        try await store.close()
        var edit = URLRequest(url: server.url.appendingPathComponent("api/v1/entries/mood/\(calm.id.uuidString.lowercased())"))
        edit.httpMethod = "PUT"
        edit.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        edit.setValue("application/json", forHTTPHeaderField: "Content-Type")
        edit.httpBody = Data(#"{"mood":5,"note":"Calm after the run"}"#.utf8)
        let (_, edited) = try await URLSession.shared.data(for: edit)
        #expect((edited as? HTTPURLResponse)?.statusCode == 200)
        let conflicted = try thrive.run(["sync"] + signIn, environment: password)
        #expect(conflicted.status == 3, "\(conflicted.output) \(conflicted.errors)")
        #expect(conflicted.output.contains("1 conflict"), "\(conflicted.output)")
        #expect(conflicted.output.contains("Run again with --resolve keep-mine or --resolve keep-server."))
        let resolved = try thrive.run(["sync", "--resolve", "keep-server"] + signIn, environment: password)
        #expect(resolved.status == 0, "\(resolved.output) \(resolved.errors)")
    }
}
