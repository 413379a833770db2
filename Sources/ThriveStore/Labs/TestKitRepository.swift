import Foundation
import SQLKit
import ThriveCore

/// The lab's side of test kits: numbers issued in batches, moved along as samples arrive, and
/// results posted for them. Not one person's records: the lab works across everyone's kits, and
/// sees of a person only that a kit is registered (never who, never their other data).
public protocol TestKitRepository: Sendable {
    /// Issues `count` new kit numbers in a batch; numbers are random (a registered kit cannot be
    /// found by counting up from one's own) and never reused. Kits issued for a partner's program
    /// count on that partner's dashboard.
    func issue(count: Int, batch: String, for partner: UserID?, at time: Date, ids: IDGenerator) async throws -> [KitNumber]
    func kit(_ number: KitNumber) async throws -> TestKit?
    /// The kits among `numbers` that were issued, as they are now (without their step history).
    func kits(_ numbers: [KitNumber]) async throws -> [KitNumber: TestKit]
    /// Moves a kit on; false when it is not where the move can start (see ``KitStatus/canMove(to:)``).
    func move(_ number: KitNumber, to status: KitStatus, at time: Date) async throws -> Bool
    /// Stores a result for a registered kit and marks the kit ready; `finding` says whether the
    /// program the kit belongs to counts it as one (``ProgramFinding``).
    func post(_ result: LabResult, report: Data?, finding: Bool) async throws
    /// The lab's recent kits, newest batch first.
    func recent(limit: Int) async throws -> [TestKit]
    func batch(_ name: String) async throws -> [TestKit]
    /// The lab's batches, newest first, with how far their kits have come.
    func batches(limit: Int) async throws -> [KitBatch]
}

extension TestKitRepository {
    /// Kits for no partner's program.
    public func issue(count: Int, batch: String, at time: Date, ids: IDGenerator) async throws -> [KitNumber] {
        try await issue(count: count, batch: batch, for: nil, at: time, ids: ids)
    }
}

struct SQLTestKitRepository: TestKitRepository {
    let sql: any SQLDatabase

    func issue(count: Int, batch: String, for partner: UserID?, at time: Date, ids: IDGenerator) async throws -> [KitNumber] {
        var issued: [KitNumber] = []
        while issued.count < count {
            let number = Self.randomNumber(ids.uuid())
            let added = try await sql.insert(into: "test_kits")
                .columns("number", "batch", "issued_at", "status", "status_at", "partner_id")
                .values(
                    SQLBind(number.digits), SQLBind(batch), SQLBind(time), SQLBind(KitStatus.issued.rawValue), SQLBind(time),
                    SQLBind(partner?.rawValue)
                )
                .ignoringConflicts(with: ["number"]).returning("number").all()
            if !added.isEmpty { issued.append(number) }
        }
        if let partner {
            let tallies = PartnerTallies(sql: sql)
            try await tallies.count(
                .issued, try await tallies.program(ofPartner: partner.rawValue), at: time, member: nil, kits: count)
        }
        return issued
    }

    /// Ten digits from the random bits of an id (version 7 ids: the last eight bytes are random).
    static func randomNumber(_ id: UUID) -> KitNumber {
        let bytes = withUnsafeBytes(of: id.uuid) { Array($0.suffix(8)) }
        let value = bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) } % 10_000_000_000
        let digits = String(value)
        return KitNumber(digits: String(repeating: "0", count: 10 - digits.count) + digits)!
    }

    func kit(_ number: KitNumber) async throws -> TestKit? {
        guard let row = try await sql.select().column("*").from("test_kits").where("number", .equal, number.digits).first()
        else { return nil }
        return try await decodeWithHistory([row]).first
    }

    func kits(_ numbers: [KitNumber]) async throws -> [KitNumber: TestKit] {
        var found: [KitNumber: TestKit] = [:]
        // A few hundred numbers a query: well within SQLite's and PostgreSQL's limits on parameters.
        for chunk in stride(from: 0, to: numbers.count, by: 500).map({ numbers[$0..<min($0 + 500, numbers.count)] }) {
            let rows = try await sql.select().column("*").from("test_kits").where("number", .in, chunk.map(\.digits)).all()
            for kit in try rows.compactMap(TestKitRows.kit) { found[kit.number] = kit }
        }
        return found
    }

    func move(_ number: KitNumber, to status: KitStatus, at time: Date) async throws -> Bool {
        guard let kit = try await kit(number), kit.status.canMove(to: status) else { return false }
        try await sql.update("test_kits").set("status", to: status.rawValue).set("status_at", to: time)
            .where("number", .equal, number.digits).run()
        try await Self.step(number, status, time, sql)
        try await Self.countReturn(kit, reaching: status, at: time, sql)
        return true
    }

    /// A program's kit reaching the lab for the first time (received, or straight to processing)
    /// counts as returned; a result for a kit not yet there counts it too (``PartnerTallies/resulted``).
    static func countReturn(_ kit: TestKit, reaching status: KitStatus, at time: Date, _ sql: any SQLDatabase) async throws {
        guard kit.status < .receivedAtLab, status >= .receivedAtLab, let owner = kit.owner else { return }
        let tallies = PartnerTallies(sql: sql)
        guard let program = try await tallies.program(ofKit: kit.number.digits) else { return }
        try await tallies.count(.returned, program, at: time, member: owner.rawValue)
    }

    static func step(_ number: KitNumber, _ status: KitStatus, _ time: Date, _ sql: any SQLDatabase) async throws {
        try await sql.insert(into: "test_kit_steps").columns("number", "status", "reached_at")
            .values(SQLBind(number.digits), SQLBind(status.rawValue), SQLBind(time))
            .ignoringConflicts(with: ["number", "status"]).run()
    }

    func post(_ result: LabResult, report: Data?, finding: Bool) async throws {
        try await sql.insert(into: "lab_results")
            .columns(
                "id", "owner_id", "kit_number", "test_date", "aat_mg_dl", "genotype", "lab_note", "reported_at", "report_pdf"
            )
            .values(
                SQLBind(result.id.rawValue), SQLBind(result.owner.rawValue), SQLBind(result.kit.digits),
                SQLBind(result.testDate.iso8601), SQLBind(result.aat?.milligramsPerDeciliter), SQLBind(result.genotype?.text),
                SQLBind(result.labNote), SQLBind(result.reportedAt), SQLBind(report)
            ).run()
        let kit = try await sql.update("test_kits").set("status", to: KitStatus.resultsReady.rawValue)
            .set("status_at", to: result.reportedAt).where("number", .equal, result.kit.digits)
            .returning("partner_id", "registered_at").first()
        try await Self.step(result.kit, .resultsReady, result.reportedAt, sql)
        // Most kits belong to no program: one statement more only for those that do.
        guard let kit, let partner = try kit.decode(column: "partner_id", as: UUID?.self) else { return }
        let reachedLab =
            try await sql.select().column("number").from("test_kit_steps")
            .where("number", .equal, result.kit.digits)
            .where("status", .in, [KitStatus.receivedAtLab.rawValue, KitStatus.processing.rawValue]).first() != nil
        let tallies = PartnerTallies(sql: sql)
        try await tallies.resulted(
            try await tallies.program(ofPartner: partner), result, registeredAt: try kit.optionalDate("registered_at"),
            reachedLab: reachedLab, finding: finding)
    }

    func recent(limit: Int) async throws -> [TestKit] {
        try await decodeWithHistory(
            try await sql.select().column("*").from("test_kits").orderBy("issued_at", .descending)
                .orderBy("number").limit(limit).all())
    }

    func batch(_ name: String) async throws -> [TestKit] {
        try await decodeWithHistory(
            try await sql.select().column("*").from("test_kits").where("batch", .equal, name).orderBy("number").all())
    }

    func batches(limit: Int) async throws -> [KitBatch] {
        let rows = try await sql.select().column("batch").column(SQLRaw("MIN(issued_at) AS issued_at"))
            .column(SQLRaw("COUNT(*) AS kits")).column(SQLRaw("COUNT(registered_at) AS registered"))
            .column(SQLRaw("SUM(CASE WHEN status = 'ready' THEN 1 ELSE 0 END) AS resulted"))
            .from("test_kits").groupBy("batch").orderBy(
                SQLOrderBy(expression: SQLRaw("MIN(issued_at)"), direction: SQLDirection.descending)
            )
            .orderBy("batch")
            .limit(limit).all()
        return try rows.map { row in
            KitBatch(
                name: try row.string("batch"), issuedAt: try row.date("issued_at"), kits: try row.int("kits"),
                registered: try row.int("registered"), resulted: try row.int("resulted"))
        }
    }

    private func decodeWithHistory(_ rows: [any SQLRow]) async throws -> [TestKit] {
        try await TestKitRows.decode(rows, sql: sql)
    }
}

/// Reading kits and their steps, shared by the lab's and the person's repositories.
enum TestKitRows {
    static func decode(_ rows: [any SQLRow], sql: any SQLDatabase) async throws -> [TestKit] {
        var kits = try rows.compactMap(kit)
        guard !kits.isEmpty else { return [] }
        let steps = try await sql.select().column("*").from("test_kit_steps")
            .where("number", .in, kits.map(\.number.digits)).orderBy("reached_at").all()
        var history: [String: [KitStep]] = [:]
        for row in steps {
            guard let status = KitStatus(rawValue: try row.string("status")) else { continue }
            history[try row.string("number"), default: []].append(KitStep(status: status, at: try row.date("reached_at")))
        }
        for index in kits.indices { kits[index].history = history[kits[index].number.digits] ?? [] }
        return kits
    }

    static func kit(_ row: any SQLRow) throws -> TestKit? {
        guard let number = KitNumber(digits: try row.string("number")),
            let status = KitStatus(rawValue: try row.string("status"))
        else { return nil }
        return TestKit(
            number: number, issuedAt: try row.date("issued_at"),
            owner: try row.decode(column: "owner_id", as: UUID?.self).map(UserID.init),
            registeredAt: try row.optionalDate("registered_at"), status: status)
    }
}
