import Foundation
import HTTPTypes
import Hummingbird
import Testing
import ThriveCore
import ThriveWeb

@Suite("OpenAPI document")
struct OpenAPIDocumentTests {
    /// "get /api/v1/me" for every documented operation.
    static func documentedOperations(_ document: SchemaJSON) -> Set<String> {
        var operations = Set<String>()
        for (path, item) in document["paths"]?.objectValue ?? [:] {
            for method in (item.objectValue ?? [:]).keys where ["get", "post", "put", "patch", "delete"].contains(method) {
                operations.insert("\(method) \(path)")
            }
        }
        return operations
    }

    @Test func everyAPIRouteIsDocumentedAndEveryDocumentedRouteExists() async throws {
        let app = try await TestApp.make()
        let router = try await buildRouter(app.configuration, dependencies: app.dependencies)
        await app.cleanup()
        let routed = Set(
            router.routes
                .map { "\($0.method.rawValue.lowercased()) \($0.path.description.hasPrefix("/") ? "" : "/")\($0.path)" }
                .filter { $0.contains(" /api/") || $0.hasSuffix(" /healthz") }
                .map { $0.replacingOccurrences(of: #":([A-Za-z]+)"#, with: "{$1}", options: .regularExpression) })
        let document = try SchemaJSON.parse(String(decoding: try Self.documentData(), as: UTF8.self))
        #expect(document["openapi"]?.stringValue == "3.1.0")
        #expect(routed == Self.documentedOperations(document))
        #expect(routed.count >= 10)
    }

    @Test func answersMatchTheirDocumentedSchemas() async throws {
        try await TestApp.make().test { browser in
            let document = try SchemaJSON.parse(try await browser.get("/api/v1/openapi.json").text)
            let check = SchemaCheck(document: document)
            func expectMatches(
                _ reply: Reply, _ path: String, _ method: String, sourceLocation: SourceLocation = #_sourceLocation
            ) throws {
                try check.expectDocumented(reply, path, method, sourceLocation: sourceLocation)
            }
            try expectMatches(try await browser.get("/healthz"), "/healthz", "get")
            try expectMatches(try await browser.get("/api/v1/mobile/version"), "/api/v1/mobile/version", "get")
            try expectMatches(try await browser.get("/api/v1/mobile/version?current=0.1"), "/api/v1/mobile/version", "get")
            try expectMatches(try await browser.get("/api/v1/mobile/version?current=x"), "/api/v1/mobile/version", "get")
            try expectMatches(try await browser.get("/api/v1/mobile/config"), "/api/v1/mobile/config", "get")

            try await browser.signUp()
            let login = try await browser.json(
                .post, "/api/v1/auth/login", #"{"email":"ann@example.com","password":"correct-horse-9"}"#)
            try expectMatches(login, "/api/v1/auth/login", "post")
            try expectMatches(try await browser.json(.post, "/api/v1/auth/login", #"{"email":1}"#), "/api/v1/auth/login", "post")
            let tokens = try login.decode(Tokens.self)
            let refreshed = try await browser.json(.post, "/api/v1/auth/refresh", #"{"refreshToken":"\#(tokens.refreshToken)"}"#)
            try expectMatches(refreshed, "/api/v1/auth/refresh", "post")
            let access = try refreshed.decode(Tokens.self).accessToken

            let upload =
                #"{"quantitySamples":[{"type":"HKQuantityTypeIdentifierStepCount","value":812,"start":"2026-11-20T07:00:00Z","end":"2026-11-20T08:00:00Z","source":{"name":"iPhone","kind":"device"},"syncIdentifier":"steps-7"}],"categorySamples":[{"type":"HKCategoryTypeIdentifierMindfulSession","value":0,"start":"2026-11-20T07:00:00Z","end":"2026-11-20T07:10:00Z","source":{"name":"Breathe"},"syncIdentifier":"mind-1"}]}"#
            try expectMatches(try await browser.json(.post, "/api/v1/samples", upload, bearer: access), "/api/v1/samples", "post")
            try expectMatches(
                try await browser.json(.post, "/api/v1/samples", #"{"x":1}"#, bearer: access), "/api/v1/samples", "post")
            try expectMatches(
                try await browser.json(.get, "/api/v1/samples?type=HKQuantityTypeIdentifierStepCount", bearer: access),
                "/api/v1/samples", "get")
            try expectMatches(
                try await browser.json(.get, "/api/v1/samples?type=HKCategoryTypeIdentifierMindfulSession", bearer: access),
                "/api/v1/samples", "get")
            try expectMatches(try await browser.json(.get, "/api/v1/me", bearer: access), "/api/v1/me", "get")
            try expectMatches(try await browser.json(.get, "/api/v1/me"), "/api/v1/me", "get")
            try expectMatches(
                try await browser.json(.get, "/api/v1/plan/nutrition", bearer: access), "/api/v1/plan/nutrition", "get")
            let update =
                #"{"goal":"lose","training":{"injuries":["knee"]},"preferredSources":{"HKQuantityTypeIdentifierStepCount":"iPhone"}}"#
            try expectMatches(
                try await browser.json(.put, "/api/v1/plan/preferences", update, bearer: access), "/api/v1/plan/preferences",
                "put")
            try expectMatches(
                try await browser.json(.get, "/api/v1/plan/preferences", bearer: access), "/api/v1/plan/preferences", "get")
            try expectMatches(
                try await browser.json(.get, "/api/v1/plan/training", bearer: access), "/api/v1/plan/training", "get")
            try expectMatches(try await browser.json(.get, "/api/v1/kpis", bearer: access), "/api/v1/kpis", "get")
            try expectMatches(try await browser.json(.get, "/api/v1/kpis?date=2999-01-01", bearer: access), "/api/v1/kpis", "get")
            try expectMatches(try await browser.json(.get, "/api/v1/scores", bearer: access), "/api/v1/scores", "get")
            try expectMatches(try await browser.json(.get, "/api/v1/alerts", bearer: access), "/api/v1/alerts", "get")
            try expectMatches(try await browser.json(.get, "/api/v1/insights", bearer: access), "/api/v1/insights", "get")
            try expectMatches(try await browser.json(.get, "/api/v1/devices", bearer: access), "/api/v1/devices", "get")
            try expectMatches(
                try await browser.json(.post, "/api/v1/devices/fitbit/sync", "{}", bearer: access),
                "/api/v1/devices/{provider}/sync",
                "post")
            try expectMatches(
                try await browser.json(.post, "/api/v1/alerts/\(UUID())/acknowledge", bearer: access),
                "/api/v1/alerts/{id}/acknowledge", "post")
        }
    }

    /// Every operation that takes a body answers 415 for a body of another type and 413 for one
    /// too large, and says so in the document (the fuzzer's status check found neither listed).
    @Test func everyBodyTakingOperationDocumentsItsTypeAndSizeRefusals() async throws {
        // Imports take gigabytes: a megabyte is enough to be refused here.
        let app = try await TestApp.make { $0.importLimitBytes = 1_048_576 }
        try await app.test { browser in
            let document = try SchemaJSON.parse(try await browser.get("/api/v1/openapi.json").text)
            let check = SchemaCheck(document: document)
            try await browser.signUp()
            let token = try await browser.apiLogin().accessToken
            try await app.store.write { repositories in
                let owner = try #require(try await repositories.accounts.all().first?.id)
                try await repositories.creators.grant(.creator, to: owner)
            }
            let values = [
                "{id}": UUID().uuidString, "{slot}": "logo", "{metric}": "steps", "{day}": "1", "{ndbNumber}": "09003",
                "{date}": "2026-01-15", "{scheduled}": "2026-01-15", "{provider}": "fitbit", "{person}": UUID().uuidString,
            ]
            var checked = 0
            for (path, item) in document["paths"]?.objectValue ?? [:] {
                for (method, operation) in item.objectValue ?? [:] where operation["requestBody"] != nil {
                    var address = path.replacingOccurrences(of: "/content/{id}", with: "/content/box-breathing")
                    for (name, value) in values { address = address.replacingOccurrences(of: name, with: value) }
                    let verb = HTTPRequest.Method(method.uppercased())!
                    let plain = try await browser.json(
                        verb, address, "hello", bearer: token, headers: [.contentType: "text/plain"])
                    #expect(plain.status == .unsupportedMediaType, "\(method) \(path): \(plain.status)")
                    try check.expectDocumented(plain, path, method)
                    let huge = try await browser.json(
                        verb, address, "[" + String(repeating: "1,", count: 4_500_000) + "1]", bearer: token,
                        headers: [
                            .contentType:
                                "\(path.contains("images") || path.contains("attachments") ? "image/png" : "application/json")"
                        ])
                    #expect(huge.status == .contentTooLarge, "\(method) \(path): \(huge.status)")
                    try check.expectDocumented(huge, path, method)
                    checked += 1
                }
            }
            #expect(checked == 75, "every operation with a body")
            // An image slot that does not exist is a documented 404.
            let slot = try await browser.json(
                .put, "/api/v1/creator/images/banner", "x", bearer: token, headers: [.contentType: "image/png"])
            #expect(slot.status == .notFound)
            try check.expectDocumented(slot, "/api/v1/creator/images/{slot}", "put")
        }
    }

    static func documentData() throws -> Data {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Sources/ThriveWeb/Resources/openapi.json")
        return try Data(contentsOf: url)
    }
}
