import Foundation
import GraphQL
import HTTPTypes
import Testing
import ThriveCore

@testable import ThriveWeb

/// Spec 001's two GraphQL queries, sent exactly as the spec writes them, through the router, with
/// their whole answers compared; the owner check, keyset pages, and the limits on what a request may ask.
@Suite("Lab results over GraphQL")
struct LabGraphQLTests {
    typealias Person = HabitsAPITests.Person

    static let mobileDashboard = """
        query MobileDashboard($userId: ID!) {
          user(id: $userId) {
            id
            firstName
            latestTestResult {
              id
              testDate
              aatLevel
              status
              normalRange {
                min
                max
              }
            }
            testHistory(limit: 5) {
              id
              testDate
              aatLevel
            }
            pendingKits {
              id
              registeredAt
              status
            }
          }
        }
        """

    static let testResults = """
        query TestResults($userId: ID!, $cursor: String, $limit: Int = 20) {
          testResults(userId: $userId, after: $cursor, first: $limit) {
            edges {
              node {
                id
                testDate
                aatLevel
                genotype
                pdfUrl
                interpretationSummary
              }
              cursor
            }
            pageInfo {
              hasNextPage
              endCursor
            }
          }
        }
        """

    static func body(_ query: String, _ variables: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: ["query": query, "variables": variables]), as: UTF8.self)
    }

    static func object(_ text: String) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary)
    }

    struct ResultsJSON: Decodable {
        struct Result: Decodable {
            let id: String
            let testDate: String
            let interpretationSummary: String
        }
        let results: [Result]
    }

    @Test func theSpecsQueriesAnswerAsWrittenForTheCallerOnly() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            let ann = try await Person.make(browser)
            let annID = try #require(try await browser.apiLogin().user?.id)
            let bob = try await Person.make(browser.fresh(), email: "bob@example.com")
            let lab = try await LabResultsTests.lab(browser, app: app)
            let kits = try await LabResultsTests.issue(lab, 4)
            for kit in kits { _ = try await ann.send(.post, "/api/v1/test-kits/register", #"{"barcode":"\#(kit)"}"#) }
            let rows = [
                LabResultsTests.result(kits[0], level: 92, genotype: "MZ", date: "2026-05-18"),
                LabResultsTests.result(kits[1], level: 88.5, genotype: "MZ", date: "2026-08-17"),
                LabResultsTests.result(kits[2], level: 97, genotype: "MZ", date: "2026-11-16"),
            ]
            _ = try await lab.send(.post, "/api/v1/lab/results", #"{"results":[\#(rows.joined(separator: ","))]}"#)
            let stored = try await ann.send(.get, "/api/v1/lab-results").decode(ResultsJSON.self).results
            let registeredAt = "2026-11-23T07:00:00Z"

            let dashboard = try await ann.send(.post, "/api/v1/graphql", try Self.body(Self.mobileDashboard, ["userId": annID]))
            #expect(dashboard.status == .ok, "\(dashboard.text)")
            let golden = """
                {"data":{"user":{"id":"\(annID)","firstName":"Ann",
                  "latestTestResult":{"id":"\(stored[0].id)","testDate":"2026-11-16","aatLevel":97,"status":"ready",
                    "normalRange":{"min":100,"max":200}},
                  "testHistory":[
                    {"id":"\(stored[0].id)","testDate":"2026-11-16","aatLevel":97},
                    {"id":"\(stored[1].id)","testDate":"2026-08-17","aatLevel":88.5},
                    {"id":"\(stored[2].id)","testDate":"2026-05-18","aatLevel":92}],
                  "pendingKits":[{"id":"\(kits[3])","registeredAt":"\(registeredAt)","status":"registered"}]}}}
                """
            #expect(try Self.object(dashboard.text) == Self.object(golden), "\(dashboard.text)")

            let first = try await ann.send(
                .post, "/api/v1/graphql", try Self.body(Self.testResults, ["userId": annID, "limit": 2]))
            let page = try Self.object(first.text)
            let connection = try #require((page["data"] as? NSDictionary)?["testResults"] as? NSDictionary)
            let edges = try #require(connection["edges"] as? [NSDictionary])
            let info = try #require(connection["pageInfo"] as? NSDictionary)
            #expect(edges.count == 2 && info["hasNextPage"] as? Bool == true)
            let node = try #require(edges[0]["node"] as? NSDictionary)
            let expectedNode: NSDictionary = [
                "id": stored[0].id, "testDate": "2026-11-16", "aatLevel": 97, "genotype": "MZ", "pdfUrl": NSNull(),
                "interpretationSummary": stored[0].interpretationSummary,
            ]
            #expect(node == expectedNode)
            #expect(info["endCursor"] as? String == edges[1]["cursor"] as? String)
            let next = try await ann.send(
                .post, "/api/v1/graphql",
                try Self.body(Self.testResults, ["userId": annID, "limit": 2, "cursor": try #require(info["endCursor"])]))
            let rest = try #require(
                ((try Self.object(next.text)["data"] as? NSDictionary)?["testResults"] as? NSDictionary))
            #expect(
                (rest["edges"] as? [NSDictionary])?.compactMap { ($0["node"] as? NSDictionary)?["id"] as? String } == [
                    stored[2].id
                ])
            #expect((rest["pageInfo"] as? NSDictionary)?["hasNextPage"] as? Bool == false)

            // Bob asks for Ann's: a field error, no data of hers.
            let foreign = try await bob.send(.post, "/api/v1/graphql", try Self.body(Self.mobileDashboard, ["userId": annID]))
            #expect(foreign.status == .ok)
            #expect(!foreign.text.contains(stored[0].id) && !foreign.text.contains("Ann"))
            #expect(foreign.text.contains("You can read only your own results"))
            let badCursor = try await ann.send(
                .post, "/api/v1/graphql", try Self.body(Self.testResults, ["userId": annID, "cursor": "not-a-cursor"]))
            #expect(badCursor.text.contains("must be a cursor from an earlier page"))
            let tooMany = try await ann.send(
                .post, "/api/v1/graphql", try Self.body(Self.testResults, ["userId": annID, "limit": 101]))
            #expect(tooMany.text.contains("“first” must be from 1 to 100."))
        }
    }

    @Test func requestsThatCannotRunAreRefusedWithGraphQLErrors() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            let ann = try await Person.make(browser)
            let syntax = try await ann.send(.post, "/api/v1/graphql", try Self.body("query { user(id: \"x\") { id ", [:]))
            #expect(syntax.status == .badRequest && syntax.text.contains("The query is not valid GraphQL"))
            let notJSONBody = try await ann.send(.post, "/api/v1/graphql", #"{"query": "#)
            #expect(notJSONBody.status == .badRequest && notJSONBody.error?.field == "query")
            let unknown = try await ann.send(.post, "/api/v1/graphql", #"{"query":"{ everyone { email } }"}"#)
            #expect(unknown.status == .badRequest && unknown.text.contains("everyone"))
            let deep = "{ __schema { types { fields { type { ofType { ofType { ofType { ofType { name } } } } } } } } }"
            let refused = try await ann.send(.post, "/api/v1/graphql", try Self.body(deep, [:]))
            #expect(refused.status == .badRequest && refused.text.contains("more than 8 levels"))
            let wide = "{ " + (0..<201).map { "a\($0): __typename" }.joined(separator: " ") + " }"
            let large = try await ann.send(.post, "/api/v1/graphql", try Self.body(wide, [:]))
            #expect(large.status == .badRequest && large.text.contains("more than 200 fields"))
            let notJSON = try await browser.json(
                .post, "/api/v1/graphql", "{}", bearer: ann.token, headers: [.contentType: "text/plain"])
            #expect(notJSON.status == .unsupportedMediaType)
            let signedOut = try await browser.fresh().json(.post, "/api/v1/graphql", #"{"query":"{ __typename }"}"#)
            #expect(signedOut.status == .unauthorized)
        }
    }

    @Test func limitsCountThroughFragmentsAndStopAtCycles() throws {
        let document = GraphQLLimits.measure(
            try parse(
                source:
                    "query { user(id: \"1\") { ...a } } fragment a on User { id latestTestResult { ...b } } fragment b on TestResult { id normalRange { min } }"
            ))
        #expect(document == GraphQLLimits.Measure(depth: 4, fields: 6))
        let cycle = GraphQLLimits.measure(try parse(source: "query { user(id: \"1\") { ...a } } fragment a on User { id ...a }"))
        #expect(cycle == GraphQLLimits.Measure(depth: 2, fields: 2))
    }
}
