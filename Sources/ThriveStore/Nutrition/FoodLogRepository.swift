import Foundation
import SQLKit
import ThriveCore

/// One person's food log.
public protocol FoodLogRepository: RecordBatches where Record == FoodLogEntry {
    var owner: UserID { get }
    func store(_ entries: [FoodLogEntry]) async throws
    func entries(in window: DateWindow, limit: Int?) async throws -> [FoodLogEntry]
    func entry(id: FoodLogEntryID) async throws -> FoodLogEntry?
    /// The newest entries whose name contains `text`, for search.
    func search(name text: String, limit: Int) async throws -> [FoodLogEntry]
    func delete(id: FoodLogEntryID) async throws -> Bool
    func span() async throws -> RecordSpan
}

extension FoodLogEntry: RecordMapping {
    static let table = "food_log_entries"
    static let timeColumn = "consumed_at"
    static let columns = [
        "consumed_at", "meal_slot", "name", "grams", "energy_kcal", "protein_g", "carbohydrate_g", "fat_g",
    ]
    var rowID: UUID { id.rawValue }
    var changeKind: ChangeKind? { .meal }
    var batchType: String { "meal" }
    var loggedAt: Date { consumedAt }
    var columnValues: [ColumnValue] {
        [
            .date(consumedAt), .text(meal.rawValue), .text(name), ColumnValue(grams), .real(energyKilocalories),
            .real(proteinGrams),
            .real(carbohydrateGrams), .real(fatGrams),
        ]
    }

    static func decode(_ row: any SQLRow, id: UUID, source: SampleSource, sync: SyncStamp?) throws -> FoodLogEntry? {
        guard let meal = MealSlot(rawValue: try row.string("meal_slot")) else { return nil }
        return FoodLogEntry(
            id: FoodLogEntryID(id), consumedAt: try row.date("consumed_at"), meal: meal, name: try row.string("name"),
            grams: try row.optionalDouble("grams"), energyKilocalories: try row.double("energy_kcal"),
            proteinGrams: try row.double("protein_g"), carbohydrateGrams: try row.double("carbohydrate_g"),
            fatGrams: try row.double("fat_g"), source: source, sync: sync)
    }
}

struct SQLFoodLogRepository: FoodLogRepository, RecordTableBacked {
    let records: RecordTable<FoodLogEntry>
    var owner: UserID { records.owner }

    func store(_ entries: [FoodLogEntry]) async throws { try await records.store(entries) }

    func entries(in window: DateWindow, limit: Int?) async throws -> [FoodLogEntry] {
        try await records.list(in: window, limit: limit)
    }

    func entry(id: FoodLogEntryID) async throws -> FoodLogEntry? { try await records.find(id: id.rawValue) }
    func search(name text: String, limit: Int) async throws -> [FoodLogEntry] {
        try await records.search("name", containing: text, limit: limit)
    }
    func delete(id: FoodLogEntryID) async throws -> Bool { try await records.delete(id: id.rawValue) }
    func span() async throws -> RecordSpan { try await records.span() }
}
