import Foundation
import Synchronization
import Testing
import ThriveCore
import ThriveStore
import ThriveSync
import ThriveSyncClient

/// The Swift client's requests, through the router; optionally losing an answer after the server
/// has committed, as a dropped connection does.
final class RouterTransport: SyncTransport {
    let device: SyncDevice
    /// The answer to the n-th next request is lost (0: none is).
    let losesAnswer = Mutex(0)
    let requests = Mutex(0)

    init(_ device: SyncDevice) {
        self.device = device
    }

    struct LostAnswer: Error {}

    func send(_ request: SyncRequest) async throws -> SyncResponse {
        requests.withLock { $0 += 1 }
        let reply = try await device.send(request)
        guard reply.status == .ok else { throw SyncTransportError(status: Int(reply.status.code), message: reply.text) }
        let lost = losesAnswer.withLock { countdown in
            guard countdown > 0 else { return false }
            countdown -= 1
            return countdown == 0
        }
        if lost { throw LostAnswer() }
        return try reply.decode(SyncResponse.self)
    }
}

@Suite("The Swift sync client")
struct SyncClientTests {
    static let evening = ISO8601DateFormatter().date(from: "2026-11-22T19:30:00Z")!

    static func withClients(
        _ count: Int, _ body: @escaping @Sendable (TestApp, SyncDevice, [(SyncClient, RouterTransport)]) async throws -> Void
    ) async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("thrive-sync-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await app.test { browser in
            let device = try await SyncDevice.signedUp(browser)
            var clients: [(SyncClient, RouterTransport)] = []
            var stores: [LocalSyncStore] = []
            for index in 0..<count {
                let store = try await LocalSyncStore.open(path: folder.appendingPathComponent("device-\(index).sqlite").path)
                stores.append(store)
                let transport = RouterTransport(device)
                clients.append((SyncClient(store: store, transport: transport, now: { Self.evening }), transport))
            }
            do {
                try await body(app, device, clients)
            } catch {
                for store in stores { try? await store.close() }
                throw error
            }
            for store in stores { try await store.close() }
        }
    }

    static func mood(_ mood: Int, note: String) -> JSONValue {
        .object(["recordedAt": .string("2026-11-22T08:00:00Z"), "mood": .number(Double(mood)), "note": .string(note)])
    }

    static func journal(_ text: String) -> JSONValue {
        .object(["writtenAt": .string("2026-11-22T07:00:00Z"), "text": .string(text)])
    }

    static func text(_ fields: JSONValue?) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: (try? encoder.encode(fields)) ?? Data(), as: UTF8.self)
    }

    /// What a side holds, comparable: every live record's kind, ID and fields.
    static func contents(_ records: [SyncRecord]) -> Set<String> {
        Set(
            records.filter { !$0.deleted && $0.recordID != nil && $0.kind.conflictStrategy == .keepBothOrAsk }.map {
                "\($0.kind.rawValue) \($0.recordID!) \(text($0.fields))"
            })
    }

    static func contents(_ client: SyncClient) async throws -> Set<String> {
        var lines = Set<String>()
        for kind in ChangeKind.allCases where kind.conflictStrategy == .keepBothOrAsk {
            for record in try await client.records(kind) {
                lines.insert("\(kind.rawValue) \(record.id) \(text(record.fields))")
            }
        }
        return lines
    }

    @Test func twoDevicesEditingOfflineEndWithTheSameDataAsTheServer() async throws {
        try await Self.withClients(2) { _, device, clients in
            let (phone, laptop) = (clients[0].0, clients[1].0)
            let walk = try await phone.save(.moodCheckIn, fields: Self.mood(4, note: "walk"))
            try await phone.save(
                .journalEntry, fields: .object(["writtenAt": .string("2026-11-22T07:00:00Z"), "text": .string("Slept well")]))
            let tea = try await laptop.save(.moodCheckIn, fields: Self.mood(3, note: "tea"))
            try await laptop.save(.settings, fields: .object(["display": .object(["theme": .string("dark")])]))
            #expect(try await phone.queued() == 2)

            try await phone.sync()
            try await laptop.sync()
            try await phone.sync()
            #expect(try await phone.queued() == 0)
            let server = Self.contents(try await device.pullAll())
            #expect(server.count == 3)
            let held = try await Self.contents(phone)
            #expect(held == server, "\(held.symmetricDifference(server))")
            #expect(try await Self.contents(laptop) == server)
            #expect(try await phone.records(.settings).first?.fields?.object?["display"]?.object?["theme"] == .string("dark"))

            // Both edit the walk offline; the laptop deletes the tea.
            try await phone.save(.moodCheckIn, id: walk, fields: Self.mood(5, note: "long walk"))
            try await laptop.save(.moodCheckIn, id: walk, fields: Self.mood(2, note: "short walk"))
            try await laptop.delete(.moodCheckIn, id: tea)
            #expect(try await laptop.sync().applied == 2)
            let report = try await phone.sync()
            #expect(report.conflicts == 1)
            let conflict = try #require(try await phone.conflicts().first)
            #expect(conflict.mine?.object?["note"] == .string("long walk"))
            #expect(conflict.server.fields?.object?["note"] == .string("short walk"))
            #expect(try await phone.records(.moodCheckIn).map(\.id) == [walk], "the tea is gone here too")

            try await phone.resolve(conflict, .keepMine)
            try await phone.sync()
            try await laptop.sync()
            #expect(try await phone.conflicts().isEmpty)
            let settled = Self.contents(try await device.pullAll())
            #expect(settled.count == 2)
            #expect(settled.contains { $0.contains("long walk") })
            #expect(try await Self.contents(phone) == settled)
            #expect(try await Self.contents(laptop) == settled)
        }
    }

    @Test func anAnswerLostAfterTheServerCommittedIsHarmless() async throws {
        try await Self.withClients(1) { _, device, clients in
            let (phone, transport) = clients[0]
            for index in 1...3 { try await phone.save(.moodCheckIn, fields: Self.mood(index, note: "entry \(index)")) }
            transport.losesAnswer.withLock { $0 = 1 }
            await #expect(throws: RouterTransport.LostAnswer.self) { try await phone.sync() }
            #expect(try await phone.queued() == 3, "nothing is taken out of the queue without an answer")
            let report = try await phone.sync()
            #expect(report.applied == 3, "acknowledged now, as duplicates")
            #expect(try await phone.queued() == 0)
            let server = Self.contents(try await device.pullAll())
            #expect(server.count == 3, "stored once each")
            let held = try await Self.contents(phone)
            #expect(held == server, "\(held.symmetricDifference(server))")
        }
    }

    /// A record made and deleted offline never reaches the server: nothing is sent for it, so the
    /// server's refusal to delete what it never had is never met.
    @Test func aRecordMadeAndDeletedOfflineSendsNothing() async throws {
        try await Self.withClients(1) { _, device, clients in
            let (phone, transport) = clients[0]
            let tea = try await phone.save(.moodCheckIn, fields: Self.mood(3, note: "tea"))
            try await phone.delete(.moodCheckIn, id: tea)
            #expect(try await phone.queued() == 0)
            let report = try await phone.sync()
            #expect(report.sent == 0)
            #expect(report.rejected.isEmpty)
            #expect(transport.requests.withLock { $0 } == 1, "one pull, nothing to push")
            #expect(try await phone.records(.moodCheckIn).isEmpty)
            #expect(try await device.pullAll().allSatisfy { $0.recordID != tea })
        }
    }

    // The next three were found by the fault-injection schedules (SyncFaultTests).

    @Test func anEditMadeBeforeTheDeviceSawADeletionDoesNotBringTheRecordBack() async throws {
        try await Self.withClients(2) { _, device, clients in
            let (phone, laptop) = (clients[0].0, clients[1].0)
            let walk = try await phone.save(.moodCheckIn, fields: Self.mood(4, note: "walk"))
            try await phone.sync()
            try await laptop.sync()
            // The laptop edits offline, but pulls the phone's deletion before it sends its edit (one
            // change a round: its older journal entry goes first).
            try await laptop.save(.journalEntry, fields: Self.journal("Rain all day"))
            try await laptop.save(.moodCheckIn, id: walk, fields: Self.mood(2, note: "short walk"))
            try await phone.delete(.moodCheckIn, id: walk)
            try await phone.sync()
            try await laptop.sync(batchSize: 1)
            #expect(try await laptop.records(.moodCheckIn).isEmpty, "the deletion won on the laptop too")
            #expect(!Self.contents(try await device.pullAll()).contains { $0.hasPrefix("moodCheckIn") }, "and on the server")
        }
    }

    @Test func aResentChangeThatLostLearnsWhereTheRecordStands() async throws {
        try await Self.withClients(2) { _, device, clients in
            let (phone, laptop) = (clients[0].0, clients[1].0)
            let transport = clients[1].1
            let walk = try await phone.save(.moodCheckIn, fields: Self.mood(4, note: "walk"))
            try await phone.sync()
            try await laptop.sync()
            try await laptop.save(.journalEntry, fields: Self.journal("Rain all day"))
            try await laptop.save(.moodCheckIn, id: walk, fields: Self.mood(2, note: "short walk"))
            try await phone.delete(.moodCheckIn, id: walk)
            try await phone.sync()
            // The laptop pulls the deletion while its edit waits; the edit then loses to it, but the
            // answer saying so is lost, and the resend's pull no longer carries the deletion.
            transport.losesAnswer.withLock { $0 = 2 }
            await #expect(throws: RouterTransport.LostAnswer.self) { try await laptop.sync(batchSize: 1) }
            try await laptop.sync(batchSize: 1)
            #expect(try await laptop.records(.moodCheckIn).isEmpty, "the duplicate answer carried the deletion")
            #expect(!Self.contents(try await device.pullAll()).contains { $0.hasPrefix("moodCheckIn") })
        }
    }

    @Test func aConflictIsAnsweredByEditingTheRecordAndAKeptServerCopyIsTheNewest() async throws {
        try await Self.withClients(2) { _, device, clients in
            let (phone, laptop) = (clients[0].0, clients[1].0)
            let walk = try await phone.save(.moodCheckIn, fields: Self.mood(4, note: "walk"))
            let tea = try await phone.save(.moodCheckIn, fields: Self.mood(3, note: "tea"))
            try await phone.sync()
            try await laptop.sync()
            for (id, note) in [(walk, "walk"), (tea, "tea")] {
                try await phone.save(.moodCheckIn, id: id, fields: Self.mood(5, note: "phone's \(note)"))
                try await laptop.save(.moodCheckIn, id: id, fields: Self.mood(1, note: "laptop's \(note)"))
            }
            try await phone.sync()
            #expect(try await laptop.sync().conflicts == 2)

            // Editing the walk again answers its conflict; the tea is deleted on the phone meanwhile.
            try await laptop.save(.moodCheckIn, id: walk, fields: Self.mood(3, note: "walk, settled"))
            #expect(try await laptop.conflicts().map(\.recordID) == [tea])
            try await phone.delete(.moodCheckIn, id: tea)
            try await phone.sync()
            try await laptop.sync()
            // Keeping the server's tea now means keeping what the server has now: nothing.
            let conflict = try #require(try await laptop.conflicts().first)
            try await laptop.resolve(conflict, .keepServer)
            try await laptop.sync()
            try await phone.sync()
            let server = Self.contents(try await device.pullAll())
            #expect(server.count == 1)
            #expect(server.first?.contains("walk, settled") == true)
            #expect(try await Self.contents(laptop) == server)
            #expect(try await Self.contents(phone) == server)
        }
    }
}
