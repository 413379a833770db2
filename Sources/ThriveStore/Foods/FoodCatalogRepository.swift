import Foundation
import SQLKit
import ThriveCore

/// The shared food catalog (the USDA table): the same for everyone, read-only once loaded.
public protocol FoodCatalogRepository: Sendable {
    /// How many foods are loaded.
    func count() async throws -> Int
    /// Foods whose description, common names or group contain every word of `query` (the last as a
    /// prefix), best match first, with their household portions.
    func search(_ query: FoodSearchQuery, limit: Int) async throws -> [Food]
    func food(ndbNumber: String) async throws -> Food?
    /// Adds `foods` and their portions and indexes them for search; run inside one transaction.
    func load(_ foods: [Food]) async throws
    /// The everyday names held now.
    func names() async throws -> Set<FoodName>
    /// Replaces the everyday names with these.
    func replaceNames(with names: [FoodName]) async throws
}

struct SQLFoodCatalogRepository: FoodCatalogRepository {
    let session: DatabaseSession
    private var sql: any SQLDatabase { session.sql }

    static let nutrientColumns = Array(FoodCatalogFile.foodColumns.dropFirst(5))
    static let foodColumns = ["ndb_no", "description", "food_group", "common_names", "manufacturer"] + nutrientColumns

    func count() async throws -> Int {
        try await sql.raw("SELECT COUNT(*) AS n FROM foods").first()?.int("n") ?? 0
    }

    func search(_ query: FoodSearchQuery, limit: Int) async throws -> [Food] {
        let named = try await named(query, limit: limit)
        let found = try await matching(query, limit: limit + named.count).filter { food in
            !named.contains { $0.ndbNumber == food.ndbNumber }
        }
        return try await withPortions(Array((named + found).prefix(limit)))
    }

    /// Foods whose everyday name starts with the phrase typed, a name that is the whole phrase
    /// first, then the shortest name ("rice" before "rice noodles").
    private func named(_ query: FoodSearchQuery, limit: Int) async throws -> [Food] {
        let columns = SQLQueryString(Self.foodColumns.map { "f.\($0) AS \($0)" }.joined(separator: ", "))
        let phrase = query.phrase
        let pattern =
            phrase.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_") + "%"
        let rows = try await sql.raw(
            """
            SELECT \(columns), MIN(CASE WHEN n.name = \(bind: phrase) THEN 0 ELSE 1 END) AS exact, MIN(length(n.name)) AS shortest \
            FROM food_names n JOIN foods f ON f.ndb_no = n.ndb_no WHERE n.name LIKE \(bind: pattern) ESCAPE '\\' \
            GROUP BY \(SQLQueryString(Self.foodColumns.map { "f.\($0)" }.joined(separator: ", "))) \
            ORDER BY exact, shortest, f.description LIMIT \(literal: limit)
            """
        ).all()
        return try rows.map(Self.food)
    }

    /// Foods whose description, common names or group hold every word, by relevance.
    private func matching(_ query: FoodSearchQuery, limit: Int) async throws -> [Food] {
        let columns = SQLQueryString(Self.foodColumns.map { "f.\($0) AS \($0)" }.joined(separator: ", "))
        // A food named by the first word comes first ("apple" → "Apples, raw, …" before "Rose-apples"),
        // then a plain food before a brand's product, then the engine's relevance, then the shorter
        // description ("Apples, raw, with skin" before "Apples, raw, with skin, frozen").
        let leading: SQLQueryString = """
            CASE WHEN lower(f.description) LIKE \(bind: query.words[0] + "%") THEN 0 ELSE 1 END, \
            CASE WHEN f.manufacturer IS NULL THEN 0 ELSE 1 END
            """
        let statement: SQLQueryString
        switch session.kind {
        case .sqlite:
            // bm25 weights: description 10, common names 4, group 1.
            statement = """
                SELECT \(columns) FROM foods_search s JOIN foods f ON f.rowid = s.rowid \
                WHERE foods_search MATCH \(bind: query.fts5Expression) \
                ORDER BY \(leading), bm25(foods_search, 10.0, 4.0, 1.0), length(f.description) LIMIT \(literal: limit)
                """
        case .postgres:
            statement = """
                SELECT \(columns) FROM foods f, to_tsquery('english', \(bind: query.tsqueryText)) q \
                WHERE f.search @@ q ORDER BY \(leading), ts_rank(f.search, q) DESC, length(f.description) LIMIT \(literal: limit)
                """
        }
        return try await sql.raw(statement).all().map(Self.food)
    }

    func names() async throws -> Set<FoodName> {
        Set(
            try await sql.raw("SELECT name, ndb_no FROM food_names").all().map {
                FoodName(name: try $0.string("name"), ndbNumber: try $0.string("ndb_no"))
            })
    }

    func replaceNames(with names: [FoodName]) async throws {
        try await sql.raw("DELETE FROM food_names").run()
        var seen = Set<FoodName>()
        let rows = names.filter { seen.insert($0).inserted }.map { [ColumnValue.text($0.name), .text($0.ndbNumber)] }
        try await BulkInsert.run(session, into: "food_names", columns: ["name", "ndb_no"], rows: rows, onConflict: .fail)
    }

    func food(ndbNumber: String) async throws -> Food? {
        let columns = SQLQueryString(Self.foodColumns.joined(separator: ", "))
        guard let row = try await sql.raw("SELECT \(columns) FROM foods WHERE ndb_no = \(bind: ndbNumber)").first() else {
            return nil
        }
        return try await withPortions([try Self.food(row)]).first
    }

    func load(_ foods: [Food]) async throws {
        let foodRows = foods.map { food -> [ColumnValue] in
            [
                .text(food.ndbNumber), .text(food.description), .text(food.foodGroup), .text(food.commonNames),
                .text(food.manufacturer),
            ] + Nutrients.amounts.map { .real(food.per100Grams[keyPath: $0]) }
        }
        try await BulkInsert.run(session, into: "foods", columns: Self.foodColumns, rows: foodRows, onConflict: .fail)
        let portionRows = foods.flatMap { food in
            food.portions.map { portion -> [ColumnValue] in
                [
                    .text(food.ndbNumber), .integer(portion.sequence), .real(portion.amount), .text(portion.measure),
                    .real(portion.grams),
                ]
            }
        }
        try await BulkInsert.run(
            session, into: "food_portions", columns: ["ndb_no", "seq", "amount", "measure", "grams"], rows: portionRows,
            onConflict: .fail)
        if session.kind == .sqlite {
            // External-content FTS5 indexes what is in `foods` now.
            try await sql.raw("INSERT INTO foods_search (foods_search) VALUES ('rebuild')").run()
        }
    }

    private func withPortions(_ foods: [Food]) async throws -> [Food] {
        guard !foods.isEmpty else { return [] }
        let numbers = foods.map { $0.ndbNumber as any Encodable & Sendable }
        let rows = try await sql.raw(
            "SELECT ndb_no, seq, amount, measure, grams FROM food_portions WHERE ndb_no IN (\(binds: numbers)) ORDER BY ndb_no, seq"
        ).all()
        var portions: [String: [FoodPortion]] = [:]
        for row in rows {
            portions[try row.string("ndb_no"), default: []].append(
                FoodPortion(
                    sequence: try row.int("seq"), amount: try row.double("amount"), measure: try row.string("measure"),
                    grams: try row.double("grams")))
        }
        return foods.map { food in
            var food = food
            food.portions = portions[food.ndbNumber] ?? []
            return food
        }
    }

    private static func food(_ row: any SQLRow) throws -> Food {
        var nutrients = Nutrients()
        for (column, path) in zip(nutrientColumns, Nutrients.amounts) {
            nutrients[keyPath: path] = try row.optionalDouble(column)
        }
        return Food(
            ndbNumber: try row.string("ndb_no"), description: try row.string("description"),
            foodGroup: try row.string("food_group"),
            commonNames: try row.optionalString("common_names"), manufacturer: try row.optionalString("manufacturer"),
            per100Grams: nutrients)
    }
}
