import Foundation
import PropertyBased
import Testing
import ThriveCore

@Suite("JSON values and their fields")
struct JSONValueTests {
    @Test func leavesAreDottedPathsAndRebuildTheValue() throws {
        let settings = try JSONDecoder().decode(
            JSONValue.self,
            from: Data(#"{"display":{"theme":"dark","language":null},"channels":{},"privacy":{"retention":"never"}}"#.utf8))
        #expect(
            settings.leaves == [
                "display.theme": .string("dark"), "display.language": .null, "channels": .object([:]),
                "privacy.retention": .string("never"),
            ])
        #expect(JSONValue(leaves: settings.leaves) == settings)
    }

    @Test func changedPathsNameEveryDifferenceAndNothingElse() throws {
        let before: JSONValue = .object(["display": .object(["theme": .string("auto"), "textSize": .string("medium")])])
        let after: JSONValue = .object([
            "display": .object(["theme": .string("dark"), "textSize": .string("medium")]), "channels": .object([:]),
        ])
        #expect(JSONValue.changedPaths(from: before, to: after) == ["display.theme", "channels"])
        #expect(JSONValue.changedPaths(from: after, to: after).isEmpty)
    }

    @Test func numbersBooleansAndDatesRoundTrip() throws {
        struct CheckIn: Codable, Equatable {
            let recordedAt: Date
            let mood: Int
            let shared: Bool
        }
        let checkIn = CheckIn(recordedAt: Date(timeIntervalSince1970: 1_800_000_000), mood: 4, shared: false)
        let value = try JSONValue(encoding: checkIn)
        #expect(value.object?["mood"] == .number(4))
        #expect(value.object?["shared"] == .bool(false))
        #expect(value.object?["recordedAt"] == .string("2027-01-15T08:00:00Z"))
        #expect(try value.decode(CheckIn.self) == checkIn)
    }

    /// Flattening and rebuilding give back any nested object (built from random numbers: each
    /// picks a key, maybe a nested key, and a kind of leaf).
    @Test func flatteningIsUndone() async {
        let keys = ["a", "b", "theme", "x"]
        func leaf(_ n: Int) -> JSONValue {
            [JSONValue.number(Double(n)), .bool(n % 2 == 0), .null, .object([:]), .string("v\(n)")][n % 5]
        }
        await propertyCheck(input: Gen.int(in: 0...9_999).array(of: 0...12)) { numbers in
            var members: [String: JSONValue] = [:]
            for n in numbers {
                let key = keys[n % 4]
                if n % 3 == 0 {
                    var inner = members[key]?.object ?? [:]
                    inner[keys[(n / 4) % 4]] = leaf(n / 16)
                    members[key] = .object(inner)
                } else {
                    members[key] = leaf(n / 16)
                }
            }
            let value = JSONValue.object(members)
            #expect(JSONValue(leaves: value.leaves) == value)
        }
    }
}
