import Foundation
import Testing
import ThriveCore
import ThriveSync
import ThriveSyncClient

/// Two devices of the demo person editing the same records against a real `thrive serve`, over
/// many seeded schedules, with answers lost after commit, the server killed mid-batch and earlier
/// batches resent out of order. Afterwards the server and both devices hold exactly the same data,
/// every record written is there (or deleted by the person), and nothing is there twice.
@Suite("Sync through faults, against a real server")
struct SyncFaultTests {
    /// More with THRIVE_SYNC_SCHEDULES=200 (each schedule prints its seed when it fails).
    static let schedules = Int(ProcessInfo.processInfo.environment["THRIVE_SYNC_SCHEDULES"] ?? "") ?? 10
    static let entryKinds: [ChangeKind] = [.moodCheckIn, .journalEntry, .water]

    @Test func serverAndDevicesEndUpIdenticalWhateverGoesWrong() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("thrive-faults-\(UUID().uuidString)")
        let server = ServerProcess(dataDirectory: folder.appendingPathComponent("server"))
        defer {
            server.cleanUp()
            try? FileManager.default.removeItem(at: folder)
        }
        try await server.start(demo: true)
        let token = try await HTTPSyncTransport.logIn(
            server: server.url, email: DemoPerson.email.value, password: DemoPerson.password)

        // A device that has synced the demo person's year once: each schedule's devices start as copies.
        let template = folder.appendingPathComponent("template.sqlite").path
        let first = try await LocalSyncStore.open(path: template)
        try await SyncClient(store: first, transport: HTTPSyncTransport(server: server.url, token: token)).sync()
        try await first.close()

        var total = Schedule.Outcome()
        for seed in 1...UInt64(Self.schedules) {
            // A fresh sign-in for each schedule: the whole run can outlast an access token's 15 minutes
            // on a machine busy with other suites.
            let token = try await HTTPSyncTransport.logIn(
                server: server.url, email: DemoPerson.email.value, password: DemoPerson.password)
            let schedule = Schedule(seed: seed, server: server, token: token, template: template, folder: folder)
            let outcome = try await schedule.run()
            total.faults.merge(outcome.faults) { $0 + $1 }
            total.conflicts += outcome.conflicts
        }
        print("Sync through faults: \(Self.schedules) schedules, \(total.faults) faults, \(total.conflicts) conflicts settled")
        for fault in FaultyTransport.Fault.allCases {
            #expect(total.faults[fault, default: 0] > 0, "\(fault) was injected at least once")
        }
        #expect(total.conflicts > 0, "the devices met conflicts and settled them")
    }
}

/// One seeded schedule: two devices, a run of random edits, deletions and syncs, then settling.
struct Schedule {
    let seed: UInt64
    let server: ServerProcess
    let token: String
    let template: String
    let folder: URL

    /// Every version of each entry a device wrote (or merged), and what was created and deleted.
    struct Ledger {
        var written: [UUID: Set<JSONValue>] = [:]
        var created: [ChangeKind: Set<UUID>] = [:]
        var deleted: Set<UUID> = []
        var kinds: [UUID: ChangeKind] = [:]
        var conflicts = 0
    }

    /// What a schedule went through.
    struct Outcome {
        var faults: [FaultyTransport.Fault: Int] = [:]
        var conflicts = 0
    }

    func run() async throws -> Outcome {
        var random = SeededRandom(seed: seed)
        let phone = try await device("phone", stream: 1)
        let laptop = try await device("laptop", stream: 2)
        let devices = [phone, laptop]
        let checker = try await device("checker", stream: 3)
        do {
            let faults = try await run(devices, checker, &random)
            for device in devices + [checker] { try await device.store.close() }
            return faults
        } catch {
            for device in devices + [checker] { try? await device.store.close() }
            throw error
        }
    }

    private func run(_ devices: [Device], _ checker: Device, _ random: inout SeededRandom) async throws -> Outcome {
        let (phone, laptop) = (devices[0], devices[1])
        checker.transport.inject(false)
        for device in [checker] + devices {
            device.transport.inject(false)
            try await device.client.sync()
        }
        for device in devices { device.transport.inject(true) }
        var ledger = Ledger()
        var before: [ChangeKind: Int] = [:]
        for kind in SyncFaultTests.entryKinds { before[kind] = try await checker.client.records(kind).count }
        // Three of the demo person's own check-ins are edited too, by both devices.
        let demoMoods = Array(try await phone.client.records(.moodCheckIn).prefix(3))
        for record in demoMoods {
            ledger.written[record.id, default: []].insert(record.fields ?? .null)
            ledger.kinds[record.id] = .moodCheckIn
        }

        for step in 0..<40 {
            let device = devices[Int.random(in: 0..<2, using: &random)]
            let roll = Int.random(in: 0..<100, using: &random)
            switch roll {
            case 0..<25:
                let kind = SyncFaultTests.entryKinds.randomElement(using: &random)!
                let fields = Self.fields(kind, step: step, seed: seed, random: &random)
                let id = try await device.client.save(kind, fields: fields)
                ledger.created[kind, default: []].insert(id)
                ledger.kinds[id] = kind
                ledger.written[id, default: []].insert(fields)
            case 25..<50:
                guard let record = try await sharedRecord(device, ledger, demoMoods, &random) else { continue }
                let fields = Self.edited(record, step: step, seed: seed, random: &random)
                try await device.client.save(record.kind, id: record.id, fields: fields)
                ledger.written[record.id, default: []].insert(fields)
            case 50..<57:
                guard let record = try await sharedRecord(device, ledger, demoMoods, &random) else { continue }
                try await device.client.delete(record.kind, id: record.id)
                ledger.deleted.insert(record.id)
            case 57..<67:
                if Bool.random(using: &random) {
                    let theme = ["light", "dark", "auto"].randomElement(using: &random)!
                    try await device.client.save(.settings, fields: .object(["display": .object(["theme": .string(theme)])]))
                } else {
                    let sessions = Double(Int.random(in: 2...6, using: &random))
                    try await device.client.save(
                        .goals, fields: .object(["training": .object(["sessionsPerWeek": .number(sessions)])]))
                }
            case 67..<92:
                try await syncThroughFaults(device, batchSize: [2, 5, 500].randomElement(using: &random)!)
                try await resolveConflicts(device, &ledger, &random)
            default:
                // Both at once: their batches interleave on the server.
                for device in devices { device.transport.inject(false) }
                async let one: Void = syncThroughFaults(phone, batchSize: 5)
                async let other: Void = syncThroughFaults(laptop, batchSize: 5)
                _ = try await (one, other)
                for device in devices { device.transport.inject(true) }
            }
        }

        // Settle: sync until nothing is queued or waiting for the person, then once more to be current.
        for device in devices { device.transport.inject(false) }
        for _ in 0..<10 {
            var busy = false
            for device in devices {
                try await syncThroughFaults(device, batchSize: 500)
                try await resolveConflicts(device, &ledger, &random)
                let queued = try await device.client.queued()
                let waiting = try await device.client.conflicts()
                if queued > 0 || !waiting.isEmpty { busy = true }
            }
            if !busy { break }
        }
        for device in devices + [checker] { try await syncThroughFaults(device, batchSize: 500) }
        try await expectConverged(devices, checker, ledger, before)
        return Outcome(
            faults: phone.transport.injected.merging(laptop.transport.injected) { $0 + $1 }, conflicts: ledger.conflicts)
    }

    // MARK: Checks

    private func expectConverged(_ devices: [Device], _ checker: Device, _ ledger: Ledger, _ before: [ChangeKind: Int])
        async throws
    {
        for kind in SyncFaultTests.entryKinds + [.settings, .goals] {
            let server = try await checker.client.records(kind)
            for device in devices {
                let held = try await device.client.records(kind)
                let differing = Set(held).symmetricDifference(server).map {
                    "\(held.contains($0) ? "device" : "server"): \($0.id) v\($0.serverVersion ?? -1) \($0.fields.map { "\($0)" } ?? "-")"
                }
                #expect(
                    differing.isEmpty, "seed \(seed): \(device.name) holds the server's \(kind) exactly; differing: \(differing)")
                #expect(try await device.client.queued() == 0, "seed \(seed): \(device.name) has nothing left to send")
            }
        }
        for kind in SyncFaultTests.entryKinds {
            let server = try await checker.client.records(kind)
            let ids = Set(server.map(\.id))
            let created = ledger.created[kind, default: []]
            let missing = created.subtracting(ledger.deleted).subtracting(ids)
            #expect(missing.isEmpty, "seed \(seed): \(kind) written on a device are on the server; missing: \(missing)")
            #expect(ids.isDisjoint(with: ledger.deleted), "seed \(seed): deleted \(kind) records stay deleted")
            let deletedHere = ledger.deleted.filter { ledger.kinds[$0] == kind }
            #expect(
                server.count == before[kind, default: 0] + created.count - deletedHere.count,
                "seed \(seed): every \(kind) is on the server once")
            for record in server where ledger.written[record.id] != nil {
                #expect(
                    ledger.written[record.id]!.contains(record.fields ?? .null),
                    "seed \(seed): \(kind) \(record.id) holds a version a device wrote, not something made up")
            }
        }
    }

    // MARK: Steps

    private func syncThroughFaults(_ device: Device, batchSize: Int) async throws {
        for _ in 0..<50 {
            do {
                let report = try await device.client.sync(batchSize: batchSize)
                #expect(report.rejected.isEmpty, "seed \(seed): every change is valid: \(report.rejected)")
                return
            } catch is FaultyTransport.Injected {
                continue
            } catch is URLError {
                continue  // the server killed by the other device's fault, as it restarts
            }
        }
        Issue.record("seed \(seed): \(device.name) could not finish a sync in 50 attempts")
    }

    /// Settles each conflict as a person might: keep mine, keep the server's, or a merge of both.
    private func resolveConflicts(_ device: Device, _ ledger: inout Ledger, _ random: inout SeededRandom) async throws {
        for conflict in try await device.client.conflicts() {
            ledger.conflicts += 1
            let server = conflict.server.deleted ? nil : conflict.server.fields
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                try await device.client.resolve(conflict, .keepMine)
                if let mine = conflict.mine { ledger.written[conflict.recordID, default: []].insert(mine) }
            case 1 where server != nil:
                var leaves = server!.leaves
                for (path, value) in conflict.mine?.leaves ?? [:] where Bool.random(using: &random) { leaves[path] = value }
                let merged = JSONValue(leaves: leaves)
                try await device.client.resolve(conflict, .merged(merged))
                ledger.written[conflict.recordID, default: []].insert(merged)
            default:
                try await device.client.resolve(conflict, .keepServer)
            }
        }
    }

    /// A record both devices may hold: one created in this schedule or one of the demo check-ins.
    private func sharedRecord(
        _ device: Device, _ ledger: Ledger, _ demo: [LocalRecord], _ random: inout SeededRandom
    ) async throws -> LocalRecord? {
        var candidates: [LocalRecord] = []
        for kind in SyncFaultTests.entryKinds {
            let pool = ledger.created[kind, default: []].union(kind == .moodCheckIn ? demo.map(\.id) : [])
            candidates += try await device.client.records(kind).filter { pool.contains($0.id) && $0.fields != nil }
        }
        return candidates.randomElement(using: &random)
    }

    static func fields(_ kind: ChangeKind, step: Int, seed: UInt64, random: inout SeededRandom) -> JSONValue {
        let at = JSONValue.string(
            ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: 1_795_000_000 + Double(step * 60))))
        return switch kind {
        case .moodCheckIn:
            .object([
                "mood": .number(Double(Int.random(in: 1...5, using: &random))), "note": .string("Seed \(seed), step \(step)"),
                "recordedAt": at,
            ])
        case .journalEntry: .object(["text": .string("Seed \(seed), step \(step): a line in the journal"), "writtenAt": at])
        default: .object(["millilitres": .number(Double(Int.random(in: 2...18, using: &random) * 50)), "drankAt": at])
        }
    }

    static func edited(_ record: LocalRecord, step: Int, seed: UInt64, random: inout SeededRandom) -> JSONValue {
        var members = record.fields?.object ?? [:]
        switch record.kind {
        case .moodCheckIn:
            members["mood"] = .number(Double(Int.random(in: 1...5, using: &random)))
            members["note"] = .string("Edited at step \(step) of seed \(seed)")
        case .journalEntry: members["text"] = .string("Rewritten at step \(step) of seed \(seed)")
        default: members["millilitres"] = .number(Double(Int.random(in: 2...18, using: &random) * 50))
        }
        return .object(members)
    }

    // MARK: Devices

    final class Device: Sendable {
        let name: String
        let store: LocalSyncStore
        let client: SyncClient
        let transport: FaultyTransport

        init(name: String, store: LocalSyncStore, client: SyncClient, transport: FaultyTransport) {
            self.name = name
            self.store = store
            self.client = client
            self.transport = transport
        }
    }

    /// A copy of the template device, with its own seeded IDs and faults.
    private func device(_ name: String, stream: UInt64) async throws -> Device {
        let path = folder.appendingPathComponent("\(seed)-\(name).sqlite").path
        try FileManager.default.copyItem(atPath: template, toPath: path)
        let store = try await LocalSyncStore.open(path: path)
        let transport = FaultyTransport(server: server, token: token, seed: seed &* 31 &+ stream)
        let ids = IDGenerator.seeded(seed &* 1_000 &+ stream)
        let client = SyncClient(store: store, transport: transport, newID: { ids.uuid() })
        return Device(name: name, store: store, client: client, transport: transport)
    }
}
