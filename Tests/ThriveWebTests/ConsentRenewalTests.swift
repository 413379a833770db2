import Foundation
import Testing
import ThriveCore
import ThriveStore

@testable import ThriveWeb

/// New terms are asked for again: a person who accepted an older version reads the new ones before
/// any page, and the API takes no health data until then; the model-training choice is kept and
/// can be changed in Settings › Privacy.
@Suite("Consent to new terms")
struct ConsentRenewalTests {
    /// Rewrites the person's acceptance as if it were of older terms.
    static func acceptedOlderTerms(_ app: TestApp, training: Bool) async throws {
        try await app.store.write { repositories in
            let owner = try #require(try await repositories.accounts.all().first).id
            let documents = repositories.records(of: owner).documents
            var progress = try #require(try await documents.get(OnboardingProgress.self))
            progress.consent = ConsentAcceptance(
                version: "2025-01", acceptedAt: app.clock.now, deidentifiedModelTraining: training)
            try await documents.save(progress, at: app.clock.now)
        }
    }

    static func consent(_ app: TestApp) async throws -> ConsentAcceptance? {
        try await app.store.read { repositories in
            let owner = try #require(try await repositories.accounts.all().first).id
            return try await repositories.records(of: owner).documents.get(OnboardingProgress.self)?.consent
        }
    }

    @Test func newTermsAreReadAndAcceptedBeforeAnythingElse() async throws {
        let app = try await TestApp.make()
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            #expect(try await browser.get("/").status == .ok)
            try await Self.acceptedOlderTerms(app, training: true)

            let home = try await browser.get("/pillars?view=week")
            #expect(home.location == "/consent?next=%2Fpillars%3Fview%3Dweek")
            let token = try await browser.fresh().apiLogin().accessToken
            let write = try await browser.fresh().json(.post, "/api/v1/entries/mood", #"{"mood":4}"#, bearer: token)
            #expect(write.status == .forbidden)
            #expect(write.error?.code == "consent_required")
            #expect(write.error?.message.contains("read version \(ConsentTerms.version)") == true)

            let page = try await browser.get(try #require(home.location))
            #expect(page.text.contains("The terms have changed"))
            #expect(page.text.contains(#"value="yes" aria-describedby="modelTraining-hint" checked"#), "the earlier choice kept")
            let refused = try await browser.post("/consent", form: [("next", "/pillars?view=week")])
            #expect(refused.status == .unprocessableContent)
            #expect(try await Self.consent(app)?.version == "2025-01")
            let accepted = try await browser.post(
                "/consent", form: [("accept", "yes"), ("modelTraining", "yes"), ("next", "/pillars?view=week")])
            #expect(accepted.location == "/pillars?view=week")
            #expect(try await Self.consent(app)?.version == ConsentTerms.version)
            #expect(try await browser.get("/pillars").status == .ok)
            #expect(
                try await browser.fresh().json(.post, "/api/v1/entries/mood", #"{"mood":4}"#, bearer: token).status == .created)
            #expect(try await browser.get("/consent").location == "/", "nothing to ask any more")
            let away = try await browser.post("/consent", form: [("accept", "yes"), ("next", "https://evil.example/")])
            #expect(away.location == "/", "never to another site")
        }
    }

    @Test func theModelTrainingChoiceChangesInPrivacySettings() async throws {
        let app = try await TestApp.make()
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            #expect(try await Self.consent(app)?.deidentifiedModelTraining == false)
            try await browser.get("/profile/settings?category=privacy")
            let saved = try await browser.post("/settings/privacy/model-training", form: [("modelTraining", "yes")])
            #expect(saved.location == "/profile/settings?saved=privacy#privacy")
            #expect(try await Self.consent(app)?.deidentifiedModelTraining == true)
            #expect(try await Self.consent(app)?.version == ConsentTerms.version, "the terms stay accepted")
            try await browser.get("/profile/settings")
            try await browser.post("/settings/privacy/model-training", form: [])
            #expect(try await Self.consent(app)?.deidentifiedModelTraining == false)
        }
    }
}
