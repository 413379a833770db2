import Foundation
import SQLKit
import ThriveCore

/// One person's kits and lab results.
public protocol LabResultRepository: Sendable {
    var owner: UserID { get }
    /// Makes an issued, unregistered kit the owner's. Returns the kit as it now is, or as it was
    /// when it could not be registered (someone's already, or never issued: nil).
    func register(_ number: KitNumber, at time: Date, photo: (bytes: Data, mediaType: String)?) async throws -> KitRegistration
    func kits() async throws -> [TestKit]
    /// Results, latest test first, a page at a time: `after` is the last result of the page before.
    func results(after: LabResult?, limit: Int) async throws -> [LabResult]
    func result(_ id: LabResultID) async throws -> LabResult?
    /// The lab's PDF for a result, if it sent one.
    func report(_ id: LabResultID) async throws -> Data?
}

/// What registering a kit came to.
public enum KitRegistration: Sendable, Equatable {
    case registered(TestKit)
    /// Registered before, by this person or another, on this date.
    case alreadyRegistered(Date)
    case notIssued
}

struct SQLLabResultRepository: LabResultRepository {
    let sql: any SQLDatabase
    let owner: UserID

    func register(_ number: KitNumber, at time: Date, photo: (bytes: Data, mediaType: String)?) async throws
        -> KitRegistration
    {
        guard
            let row = try await sql.select().column("registered_at").from("test_kits").where("number", .equal, number.digits)
                .first()
        else { return .notIssued }
        if let registered = try row.optionalDate("registered_at") { return .alreadyRegistered(registered) }
        // Only a kit still free is taken: two people scanning the same kit at once cannot both have it.
        let taken = try await sql.update("test_kits").set("owner_id", to: owner.rawValue).set("registered_at", to: time)
            .set("status", to: KitStatus.registered.rawValue).set("status_at", to: time)
            .set("photo", to: SQLBind(photo?.bytes)).set("media_type", to: SQLBind(photo?.mediaType))
            .where("number", .equal, number.digits).where("registered_at", .is, SQLLiteral.null)
            .returning("number").all()
        guard !taken.isEmpty else { return .alreadyRegistered(time) }
        try await SQLTestKitRepository.step(number, .registered, time, sql)
        let tallies = PartnerTallies(sql: sql)
        if let program = try await tallies.program(ofKit: number.digits) {
            try await tallies.count(.registered, program, at: time, member: owner.rawValue)
        }
        let rows = try await sql.select().column("*").from("test_kits").where("number", .equal, number.digits).all()
        guard let kit = try await TestKitRows.decode(rows, sql: sql).first else { return .notIssued }
        return .registered(kit)
    }

    func kits() async throws -> [TestKit] {
        try await TestKitRows.decode(
            try await sql.select().column("*").from("test_kits").where("owner_id", .equal, owner.rawValue)
                .orderBy("registered_at", .descending).all(), sql: sql)
    }

    func results(after: LabResult?, limit: Int) async throws -> [LabResult] {
        var query = selectResults().where("owner_id", .equal, owner.rawValue)
        if let after {
            // Keyset: older test dates, or the same date and a smaller id (ids order by time of writing).
            query = query.where {
                $0.where("test_date", .lessThan, after.testDate.iso8601).orWhere {
                    $0.where("test_date", .equal, after.testDate.iso8601).where("id", .lessThan, after.id.rawValue)
                }
            }
        }
        return try await query.orderBy("test_date", .descending).orderBy("id", .descending).limit(limit).all()
            .compactMap(decode)
    }

    func result(_ id: LabResultID) async throws -> LabResult? {
        try await selectResults().where("owner_id", .equal, owner.rawValue)
            .where("id", .equal, id.rawValue).first().flatMap(decode)
    }

    func report(_ id: LabResultID) async throws -> Data? {
        try await sql.select().column("report_pdf").from("lab_results").where("owner_id", .equal, owner.rawValue)
            .where("id", .equal, id.rawValue).first()?.decode(column: "report_pdf", as: Data?.self)
    }

    /// Everything but the PDF, which is read only when asked for.
    private func selectResults() -> SQLSelectBuilder {
        sql.select().columns("id", "kit_number", "test_date", "aat_mg_dl", "genotype", "lab_note", "reported_at")
            .column(SQLRaw("CASE WHEN report_pdf IS NULL THEN 0 ELSE 1 END AS has_report")).from("lab_results")
    }

    private func decode(_ row: any SQLRow) throws -> LabResult? {
        guard let kit = KitNumber(digits: try row.string("kit_number")),
            let date = LocalDate(iso8601: try row.string("test_date"))
        else { return nil }
        return LabResult(
            id: LabResultID(try row.uuid("id")), owner: owner, kit: kit, testDate: date,
            aat: try row.optionalDouble("aat_mg_dl").map(AATLevel.init(milligramsPerDeciliter:)),
            genotype: try row.optionalString("genotype").flatMap(Genotype.init), reportedAt: try row.date("reported_at"),
            hasReport: try row.int("has_report") == 1,
            labNote: try row.optionalString("lab_note"))
    }
}
