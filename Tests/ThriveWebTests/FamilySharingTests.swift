import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveWeb

/// Family sharing of lab results (spec 001, phase 3) through the router: Ann invites Bob with her
/// consent; Bob sees the invitation, reads nothing until he accepts, then reads her results over
/// REST, GraphQL and the web; Carol never does; either of them ends it, and with it Bob's access.
@Suite("Family sharing of lab results")
struct FamilySharingTests {
    typealias Person = HabitsAPITests.Person

    struct SharesJSON: Decodable {
        struct Share: Decodable {
            let id: String
            let state: String
            let mine: Bool
            let name: String
            let email: String
            let ownerId: String?
        }
        let shares: [Share]
    }

    struct FamilyResultsJSON: Decodable {
        struct Result: Decodable {
            let aatLevel: Double?
            let genotype: String?
        }
        let name: String
        let results: [Result]
    }

    static func graphQL(_ person: Person, for owner: String) async throws -> String {
        try await person.send(
            .post, "/api/v1/graphql", try LabGraphQLTests.body(LabGraphQLTests.testResults, ["userId": owner])
        ).text
    }

    @Test func annSharesHerResultsWithBobUntilEitherEndsIt() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            let (ann, lab, kits) = try await LabResultsTests.annWithKits(browser, app: app, count: 1)
            let posted = try await lab.send(
                .post, "/api/v1/lab/results", LabResultsTests.result(kits[0], level: 92, genotype: "MZ"))
            #expect(posted.status == .created, "\(posted.text)")
            let bob = try await Person.make(browser.fresh(), email: "bob@example.com")
            let carol = try await Person.make(browser.fresh(), email: "carol@example.com")

            let unconsented = try await ann.send(.post, "/api/v1/family", #"{"email":"bob@example.com"}"#)
            #expect(unconsented.status == .unprocessableContent && unconsented.error?.field == "consent")
            try ann.check.expectDocumented(unconsented, "/api/v1/family", "post")
            let own = try await ann.send(.post, "/api/v1/family", #"{"email":"ann@example.com","consent":true}"#)
            #expect(own.error?.message == "That is your own e-mail: invite a family member’s.")
            let invited = try await ann.send(.post, "/api/v1/family", #"{"email":"Bob@Example.com","consent":true}"#)
            #expect(invited.status == .created, "\(invited.text)")
            try ann.check.expectDocumented(invited, "/api/v1/family", "post")
            let again = try await ann.send(.post, "/api/v1/family", #"{"email":"bob@example.com","consent":true}"#)
            #expect(again.error?.message == "You have already invited this e-mail.")

            // Bob is told, and sees the invitation with Ann's name; nothing of hers yet.
            var shares = try await bob.send(.get, "/api/v1/family")
            try bob.check.expectDocumented(shares, "/api/v1/family", "get")
            let invitation = try #require(try shares.decode(SharesJSON.self).shares.first)
            #expect(invitation.state == "invited" && !invitation.mine && invitation.name == "Ann")
            #expect(invitation.email == "ann@example.com")
            let annID = try #require(invitation.ownerId)
            let center = try await bob.send(.get, "/api/v1/mobile/notifications/history").text
            #expect(center.contains("Ann invites you to see their lab results."))
            #expect(try await bob.send(.get, "/api/v1/family/\(annID)/results").status == .notFound)
            #expect(try await Self.graphQL(bob, for: annID).contains("You can read only your own results"))

            // Carol cannot accept Bob's invitation.
            #expect(try await carol.send(.post, "/api/v1/family/\(invitation.id)/accept").status == .notFound)
            let accepted = try await bob.send(.post, "/api/v1/family/\(invitation.id)/accept")
            #expect(accepted.status == .ok, "\(accepted.text)")
            try bob.check.expectDocumented(accepted, "/api/v1/family/{id}/accept", "post")

            let read = try await bob.send(.get, "/api/v1/family/\(annID)/results")
            try bob.check.expectDocumented(read, "/api/v1/family/{id}/results", "get")
            let theirs = try read.decode(FamilyResultsJSON.self)
            #expect(theirs.name == "Ann" && theirs.results.map(\.aatLevel) == [92] && theirs.results[0].genotype == "MZ")
            let graph = try await Self.graphQL(bob, for: annID)
            #expect(graph.contains(#""aatLevel":92"#) && !graph.contains("errors"), "\(graph)")
            let page = try await bob.browser.get("/family/\(annID)")
            #expect(page.status == .ok && page.text.contains("Ann shares these results with you."))
            #expect(try await ann.send(.get, "/api/v1/family").decode(SharesJSON.self).shares.map(\.state) == ["active"])

            // Carol: nothing, by any road.
            #expect(try await carol.send(.get, "/api/v1/family/\(annID)/results").status == .notFound)
            let carolsPage = try await carol.browser.get("/family/\(annID)")
            #expect(carolsPage.status == .seeOther && carolsPage.location == "/?notice=unavailable", "not hers: nothing")
            #expect(try await Self.graphQL(carol, for: annID).contains("You can read only your own results"))

            // Ann ends it: Bob reads nothing again.
            let ended = try await ann.send(.post, "/api/v1/family/\(invitation.id)/end")
            #expect(ended.status == .ok)
            try ann.check.expectDocumented(ended, "/api/v1/family/{id}/end", "post")
            #expect(try await bob.send(.get, "/api/v1/family/\(annID)/results").status == .notFound)
            #expect(try await bob.send(.get, "/api/v1/family").decode(SharesJSON.self).shares.isEmpty)

            // Invited again, Bob ends it from his side (declining).
            let second = try await ann.send(.post, "/api/v1/family", #"{"email":"bob@example.com","consent":true}"#)
            #expect(second.status == .created)
            shares = try await bob.send(.get, "/api/v1/family")
            let secondID = try #require(try shares.decode(SharesJSON.self).shares.first?.id)
            #expect(try await bob.send(.post, "/api/v1/family/\(secondID)/end").status == .ok)
            #expect(try await ann.send(.get, "/api/v1/family").decode(SharesJSON.self).shares.isEmpty)
        }
    }

    @Test func theFamilyPageInvitesWithConsentAndAcceptsOnTheWeb() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            try await browser.signUp(timeZone: "Europe/Berlin")
            let bob = try await Person.make(browser.fresh(), email: "bob@example.com")
            _ = try await browser.get("/results/family")
            let missing = try await browser.post("/results/family", form: [("email", "bob@example.com")])
            #expect(missing.status == .unprocessableContent)
            #expect(missing.text.contains("Tick the box to agree to share your lab results with them."))
            let sent = try await browser.post("/results/family", form: [("email", "bob@example.com"), ("consent", "yes")])
            #expect(sent.status == .seeOther)
            let after = try await browser.get(try #require(sent.location))
            #expect(after.text.contains("Invitation sent.") && after.text.contains("waiting for them to accept"))

            let invited = try await bob.browser.get("/results/family")
            #expect(invited.text.contains("Invites you to see their lab results."))
            let id = try #require(try await bob.send(.get, "/api/v1/family").decode(SharesJSON.self).shares.first?.id)
            let accepted = try await bob.browser.post("/results/family/\(id)/accept", form: [])
            #expect(accepted.status == .seeOther)
            let seeing = try await bob.browser.get(try #require(accepted.location))
            #expect(seeing.text.contains("You now see their lab results.") && seeing.text.contains("See results"))
        }
    }
}
