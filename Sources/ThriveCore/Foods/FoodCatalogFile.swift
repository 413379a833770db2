import Foundation

/// The USDA Standard Reference as two CSV files (see the README beside them): `foods.csv` with
/// nutrients per 100 g and `portions.csv` with household measures. Reads them into foods.
public enum FoodCatalogFile {
    public static let foodColumns = [
        "ndb_no", "description", "food_group", "common_names", "manufacturer", "energy_kcal", "protein_g", "fat_g",
        "carbohydrate_g", "fiber_g", "sugars_g", "calcium_mg", "iron_mg", "potassium_mg", "sodium_mg", "vitamin_c_mg",
        "saturated_fat_g", "cholesterol_mg",
    ]
    public static let portionColumns = ["ndb_no", "seq", "amount", "measure", "grams"]

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Foods in file order, each with its portions.
    public static func foods(foodsCSV: String, portionsCSV: String) throws -> [Food] {
        let portions = try Self.portions(portionsCSV)
        let rows = try CSVReader.records(foodsCSV)
        guard rows.first == foodColumns else { throw Failure(description: "foods.csv does not have the expected columns.") }
        return try rows.dropFirst().enumerated().map { offset, row in
            guard row.count == foodColumns.count else {
                throw Failure(description: "foods.csv record \(offset + 1) has \(row.count) fields, not \(foodColumns.count).")
            }
            func amount(_ index: Int) throws -> Double? {
                let text = row[index]
                if text.isEmpty { return nil }
                guard let value = Double(text), value >= 0 else {
                    throw Failure(description: "foods.csv record \(offset + 1): \(foodColumns[index]) is not a number.")
                }
                return value
            }
            var nutrients = Nutrients()
            for (offset, path) in Nutrients.amounts.enumerated() { nutrients[keyPath: path] = try amount(5 + offset) }
            return Food(
                ndbNumber: row[0], description: row[1], foodGroup: row[2], commonNames: row[3].isEmpty ? nil : row[3],
                manufacturer: row[4].isEmpty ? nil : row[4], per100Grams: nutrients, portions: portions[row[0]] ?? [])
        }
    }

    /// The everyday names of `names.csv` (Thrive's own list for the foods people log most: "porridge"
    /// for "Cereals, oats, …, cooked with water"), each lowercased, in file order.
    public static func names(_ text: String) throws -> [FoodName] {
        let rows = try CSVReader.records(text)
        guard rows.first == ["ndb_no", "name"] else {
            throw Failure(description: "names.csv does not have the expected columns.")
        }
        return try rows.dropFirst().enumerated().map { offset, row in
            let name = row.count == 2 ? row[1].trimmingCharacters(in: .whitespaces).lowercased() : ""
            guard row.count == 2, !row[0].isEmpty, !name.isEmpty else {
                throw Failure(description: "names.csv record \(offset + 1) needs a food number and a name.")
            }
            return FoodName(name: name, ndbNumber: row[0])
        }
    }

    static func portions(_ text: String) throws -> [String: [FoodPortion]] {
        let rows = try CSVReader.records(text)
        guard rows.first == portionColumns else { throw Failure(description: "portions.csv does not have the expected columns.") }
        var portions: [String: [FoodPortion]] = [:]
        for (offset, row) in rows.dropFirst().enumerated() {
            guard row.count == portionColumns.count, let sequence = Int(row[1]), let amount = Double(row[2]),
                let grams = Double(row[4]), amount > 0, grams > 0
            else { throw Failure(description: "portions.csv record \(offset + 1) is not a valid portion.") }
            portions[row[0], default: []].append(FoodPortion(sequence: sequence, amount: amount, measure: row[3], grams: grams))
        }
        return portions
    }
}
