import Foundation
import ThriveCore
import ThriveStore
import ThriveSync

/// A test kit registered while offline (spec 001: "Queued for sync when online"): the device sends
/// the barcode; the server registers it as the form would have, at the time it was scanned. Kits
/// are the lab's records, not the person's log, so nothing is pulled back; a kit this person has
/// already registered (a batch sent twice) is done, and the spec's refusals come back as rejections.
enum TestKitSync {
    struct Change: Codable, Sendable {
        let barcode: String
    }

    static func apply(_ change: SyncChange, records: PersonalRecords, now: Date) async throws -> SyncChangeResult {
        guard change.operation == .upsert, let body = change.fields else {
            throw AppError.badRequest(t("sync.fieldsRequired"), field: "fields")
        }
        let sent = try StrictJSON.decode(Change.self, from: try JSONEncoder().encode(body))
        guard let number = KitNumber(sent.barcode) else { throw LabService.notAKit }
        switch try await records.labs.register(number, at: min(change.madeAt, now), photo: nil) {
        case .registered: return SyncChangeResult(changeID: change.id, status: .applied)
        case .notIssued: throw LabService.notAKit
        case .alreadyRegistered(let date):
            if try await records.labs.kits().contains(where: { $0.number == number }) {
                return SyncChangeResult(changeID: change.id, status: .duplicate)
            }
            throw AppError(
                status: .conflict, code: "kit_already_registered",
                message: t("labs.kit.alreadyRegistered", ["date": DisplayFormat.date(date, in: try await records.timeZone())]),
                field: "barcode")
        }
    }
}
