import Foundation
import Testing
import ThriveCore

@Suite("Food catalog files")
struct FoodCatalogTests {
    @Test func csvFieldsMayHoldQuotesCommasAndLineBreaks() throws {
        let text = "a,b,c\r\n01001,\"Butter, salted\",\"pat (1\"\" sq)\"\n2,\"two\nlines\",\n"
        #expect(
            try CSVReader.records(text) == [
                ["a", "b", "c"], ["01001", "Butter, salted", "pat (1\" sq)"], ["2", "two\nlines", ""],
            ])
        #expect(try CSVReader.records("x,y") == [["x", "y"]], "no line break at the end")
        #expect(throws: CSVReader.Failure.self) { try CSVReader.records("a,\"open\n") }
        #expect(throws: CSVReader.Failure.self) { try CSVReader.records("\"a\"b,c\n") }
    }

    @Test func theUSDAFilesReadIntoFoodsWithPortions() throws {
        let header = FoodCatalogFile.foodColumns.joined(separator: ",")
        let foods = try FoodCatalogFile.foods(
            foodsCSV: header
                + "\n01001,\"Butter, salted\",Dairy and Egg Products,,,717,0.85,81.11,0.06,0.0,0.06,24,0.02,24,643,0.0,51.368,215\n"
                + "09003,\"Apples, raw, with skin\",Fruits and Fruit Juices,,,52,0.26,0.17,13.81,2.4,10.39,6,0.12,107,1,4.6,0.028,\n",
            portionsCSV: "ndb_no,seq,amount,measure,grams\n01001,1,1,\"pat (1\"\" sq, 1/3\"\" high)\",5.0\n01001,2,1,tbsp,14.2\n")
        #expect(foods.map(\.ndbNumber) == ["01001", "09003"], "leading zeros kept")
        #expect(foods[0].description == "Butter, salted")
        #expect(foods[0].per100Grams.energyKilocalories == 717)
        #expect(foods[0].portions.map(\.measure) == ["pat (1\" sq, 1/3\" high)", "tbsp"])
        #expect(foods[1].per100Grams.cholesterolMilligrams == nil, "an empty cell is unknown, not zero")
        #expect(foods[1].portions.isEmpty)
        // One tablespoon of butter (14.2 g): 717 kcal per 100 g × 0.142 = 101.8 kcal.
        let tablespoon = foods[0].nutrients(inGrams: foods[0].portions[1].grams)
        #expect(abs(tablespoon.energyKilocalories! - 101.814) < 0.001)
        #expect(tablespoon.cholesterolMilligrams.map { abs($0 - 30.53) < 0.001 } == true)
    }

    @Test func malformedFilesAreRefusedWithTheRecord() {
        let header = FoodCatalogFile.foodColumns.joined(separator: ",")
        #expect(throws: FoodCatalogFile.Failure.self) {
            try FoodCatalogFile.foods(foodsCSV: "ndb_no,name\n1,x\n", portionsCSV: "ndb_no,seq,amount,measure,grams\n")
        }
        #expect(throws: FoodCatalogFile.Failure.self) {
            try FoodCatalogFile.foods(
                foodsCSV: header + "\n01001,Butter,Dairy,,,lots,0,0,0,0,0,0,0,0,0,0,0,0\n",
                portionsCSV: "ndb_no,seq,amount,measure,grams\n")
        }
    }

    @Test(arguments: [
        ("chicken breast", ["chicken", "breast"], "\"chicken\"* \"breast\"*", "chicken:* & breast:*"),
        ("  Crème  brûlée! ", ["crème", "brûlée"], "\"crème\"* \"brûlée\"*", "crème:* & brûlée:*"),
        ("\"oats\" OR *", ["oats", "or"], "\"oats\"* \"or\"*", "oats:* & or:*"),
    ])
    func searchTextBecomesWordsThatCannotInjectSyntax(text: String, words: [String], fts: String, tsquery: String) throws {
        let query = try FoodSearchQuery(text)
        #expect(query.words == words)
        #expect(query.fts5Expression == fts)
        #expect(query.tsqueryText == tsquery)
    }

    @Test(arguments: ["", " ", "a", "!!", "-*"])
    func tooShortASearchIsExplained(text: String) {
        #expect(throws: ValidationError(field: "q", Phrase("invalid.searchShort"))) {
            try FoodSearchQuery(text)
        }
    }
}
