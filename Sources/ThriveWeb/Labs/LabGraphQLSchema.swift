import Foundation
import GraphQL
import Graphiti
import ThriveCore

/// Spec 001's mobile queries, exactly as the spec writes them: `MobileDashboard` (`user(id:)` with
/// the latest result, a short history and kits on their way) and `TestResults` (a Relay connection
/// with `edges { node cursor }` and `pageInfo`). A person reads their own (`userId` is the caller)
/// or a family member's who shares them (family sharing); a cursor is opaque and names the last result seen, so the next page is read by keyset.
enum LabGraphQL {
    struct Context: Sendable {
        let caller: UserID
        let labs: LabService
        let family: FamilyShareService
    }

    /// GraphQL's `ID`, as the spec's `$userId: ID!` asks: a string on the wire.
    struct ID: Codable, Sendable, Equatable {
        let value: String

        init(_ value: String) { self.value = value }

        init(from decoder: any Decoder) throws {
            value = try decoder.singleValueContainer().decode(String.self)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }

    struct Range: Codable, Sendable {
        let min: Double
        let max: Double
    }

    struct TestResult: Codable, Sendable {
        let id: ID
        let testDate: String
        let aatLevel: Double?
        let status: String
        let normalRange: Range
        let genotype: String?
        let pdfUrl: String?
        let interpretationSummary: String

        init(_ result: LabResult, thresholds: AATThresholds) {
            let body = LabResultBody(result, thresholds: thresholds)
            id = ID(body.id)
            testDate = body.testDate
            aatLevel = body.aatLevel
            status = KitStatus.resultsReady.rawValue
            normalRange = Range(min: thresholds.normalLow, max: thresholds.normalHigh)
            genotype = body.genotype
            pdfUrl = body.pdfUrl
            interpretationSummary = body.interpretationSummary
        }
    }

    struct Kit: Codable, Sendable {
        let id: ID
        let registeredAt: String?
        let status: String

        init(_ kit: TestKit) {
            id = ID(kit.number.description)
            registeredAt = kit.registeredAt?.formatted(.iso8601)
            status = kit.status.rawValue
        }
    }

    struct User: Codable, Sendable {
        let id: ID
        let firstName: String?

        /// Whose results: the caller, or a family member who shares theirs with the caller.
        var owner: UserID { UserID(UUID(uuidString: id.value) ?? UUID()) }

        struct HistoryArguments: Codable, Sendable {
            let limit: Int?
        }

        func latestTestResult(context: Context, arguments: NoArguments) async throws -> TestResult? {
            try await history(context, limit: 1).first
        }

        func testHistory(context: Context, arguments: HistoryArguments) async throws -> [TestResult] {
            try await history(context, limit: try LabGraphQL.pageSize(arguments.limit, fallback: 5, name: "limit"))
        }

        func pendingKits(context: Context, arguments: NoArguments) async throws -> [Kit] {
            try await context.labs.kits(owner).filter { $0.status < .resultsReady }.map(Kit.init)
        }

        private func history(_ context: Context, limit: Int) async throws -> [TestResult] {
            try await context.labs.results(owner, after: nil, limit: limit).results.map {
                TestResult($0, thresholds: context.labs.thresholds)
            }
        }
    }

    struct Edge: Codable, Sendable {
        let node: TestResult
        let cursor: String
    }

    struct PageInfo: Codable, Sendable {
        let hasNextPage: Bool
        let endCursor: String?
    }

    struct Connection: Codable, Sendable {
        let edges: [Edge]
        let pageInfo: PageInfo
    }

    struct Resolver: Sendable {
        struct UserArguments: Codable, Sendable {
            let id: ID
        }

        struct TestResultsArguments: Codable, Sendable {
            let userId: ID
            let after: String?
            let first: Int?
        }

        func user(context: Context, arguments: UserArguments) async throws -> User? {
            let owner = try await LabGraphQL.checkOwner(arguments.id, context)
            let profile = try await context.labs.store.read { try await $0.records(of: owner).profile.get() }
            let first = profile?.displayName?.split(separator: " ").first.map(String.init)
            return User(id: arguments.id, firstName: first)
        }

        func testResults(context: Context, arguments: TestResultsArguments) async throws -> Connection {
            let owner = try await LabGraphQL.checkOwner(arguments.userId, context)
            let limit = try LabGraphQL.pageSize(arguments.first, fallback: 20, name: "first")
            let after = try arguments.after.map { cursor -> LabResultID in
                guard let id = LabGraphQL.resultID(cursor) else { throw Problem(t("graphql.badCursor")) }
                return id
            }
            let page = try await context.labs.results(owner, after: after, limit: limit)
            let edges = page.results.map {
                Edge(node: TestResult($0, thresholds: context.labs.thresholds), cursor: LabGraphQL.cursor($0.id))
            }
            return Connection(edges: edges, pageInfo: PageInfo(hasNextPage: page.more, endCursor: edges.last?.cursor))
        }
    }

    /// An error a person can act on, as GraphQL's `errors[].message`.
    struct Problem: Error, LocalizedError, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
        var errorDescription: String? { description }
    }

    static let maximumPage = 100

    static func pageSize(_ asked: Int?, fallback: Int, name: String) throws -> Int {
        guard let asked else { return fallback }
        guard (1...maximumPage).contains(asked) else {
            throw Problem(t("graphql.pageSize", ["name": name, "max": "\(maximumPage)"]))
        }
        return asked
    }

    /// The caller's own results, or those of a family member who shares theirs with the caller.
    static func checkOwner(_ id: ID, _ context: Context) async throws -> UserID {
        guard let subject = UUID(uuidString: id.value).map(UserID.init),
            try await context.family.mayRead(subject, viewer: context.caller)
        else { throw Problem(t("graphql.notYours")) }
        return subject
    }

    /// An opaque cursor: the result's id, base64url, so clients do not build their own.
    static func cursor(_ id: LabResultID) -> String {
        Data(id.rawValue.uuidString.lowercased().utf8).base64EncodedString()
    }

    static func resultID(_ cursor: String) -> LabResultID? {
        Data(base64Encoded: cursor).flatMap { String(data: $0, encoding: .utf8) }.flatMap(LabResultID.init)
    }

    static let schema = try! Graphiti.Schema<Resolver, Context> {
        Scalar(ID.self, as: "ID")
        Type(Range.self, as: "NormalRange") {
            Field("min", at: \.min)
            Field("max", at: \.max)
        }
        Type(TestResult.self) {
            Field("id", at: \.id)
            Field("testDate", at: \.testDate)
            Field("aatLevel", at: \.aatLevel)
            Field("status", at: \.status)
            Field("normalRange", at: \.normalRange)
            Field("genotype", at: \.genotype)
            Field("pdfUrl", at: \.pdfUrl)
            Field("interpretationSummary", at: \.interpretationSummary)
        }
        Type(Kit.self, as: "TestKit") {
            Field("id", at: \.id)
            Field("registeredAt", at: \.registeredAt)
            Field("status", at: \.status)
        }
        Type(User.self) {
            Field("id", at: \.id)
            Field("firstName", at: \.firstName)
            Field("latestTestResult", at: User.latestTestResult)
            Field("testHistory", at: User.testHistory) {
                Argument("limit", at: \.limit)
            }
            Field("pendingKits", at: User.pendingKits)
        }
        Type(Edge.self, as: "TestResultEdge") {
            Field("node", at: \.node)
            Field("cursor", at: \.cursor)
        }
        Type(PageInfo.self) {
            Field("hasNextPage", at: \.hasNextPage)
            Field("endCursor", at: \.endCursor)
        }
        Type(Connection.self, as: "TestResultConnection") {
            Field("edges", at: \.edges)
            Field("pageInfo", at: \.pageInfo)
        }
        Query {
            Field("user", at: Resolver.user) {
                Argument("id", at: \.id)
            }
            Field("testResults", at: Resolver.testResults) {
                Argument("userId", at: \.userId)
                Argument("after", at: \.after)
                Argument("first", at: \.first)
            }
        }
    }
}
