import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveStore
import ThriveWeb

/// The genetic counselor chat (spec 001, phase 3) through the router: a person's first message goes
/// to the counselor with the fewest people; only that counselor reads and answers it, as themselves;
/// each side is told; another counselor, or someone without the role, reaches nothing.
@Suite("Chat with a counselor")
struct CounselorChatTests {
    typealias Person = HabitsAPITests.Person

    struct ConversationJSON: Decodable {
        struct Contact: Decodable {
            let name: String
            let email: String
        }
        let counselor: Contact?
        let available: Bool
        let messages: [MessageJSON]
    }

    struct MessageJSON: Decodable {
        let author: String
        let counselorName: String?
        let text: String
        let readAt: Date?
    }

    struct PeopleJSON: Decodable {
        struct Entry: Decodable {
            let personId: String
            let name: String
            let unread: Int
        }
        let people: [Entry]
    }

    static func person(_ browser: Browser, _ name: String) async throws -> Person {
        let email = "\(name.lowercased())@example.com"
        try await browser.signUp(email: email, name: name, timeZone: "Europe/Berlin")
        let token = try await browser.apiLogin(email: email).accessToken
        let document = try SchemaJSON.parse(try await browser.get("/api/v1/openapi.json").text)
        return Person(browser: browser, email: email, token: token, check: SchemaCheck(document: document))
    }

    static func role(_ role: AccountRole, _ person: Person, _ app: TestApp, remove: Bool = false) async throws {
        let email = try EmailAddress(person.email)
        try await app.store.write { repositories in
            let account = try #require(try await repositories.accounts.find(email: email))
            if remove {
                try await repositories.creators.revoke(role, from: account.id)
            } else {
                try await repositories.creators.grant(role, to: account.id)
            }
        }
    }

    static func message(_ text: String) -> String {
        String(decoding: try! JSONEncoder().encode(["text": text]), as: UTF8.self)
    }

    @Test func annsQuestionGoesToTheLeastBusyCounselorWhoAloneAnswersIt() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            let ann = try await Self.person(browser, "Ann")
            let bob = try await Self.person(browser.fresh(), "Bob")

            // No counselor on the server yet: said so, and a message has nowhere to go.
            let empty = try await ann.send(.get, "/api/v1/counselor/messages")
            try ann.check.expectDocumented(empty, "/api/v1/counselor/messages", "get")
            let none = try empty.decode(ConversationJSON.self)
            #expect(none.counselor == nil && !none.available && none.messages.isEmpty)
            let nowhere = try await ann.send(.post, "/api/v1/counselor/messages", Self.message("Hello?"))
            #expect(nowhere.status == .conflict && nowhere.error?.code == "no_counselor")
            try ann.check.expectDocumented(nowhere, "/api/v1/counselor/messages", "post")
            #expect(try await ann.browser.get("/counselor").text.contains("No counselor works on this server yet."))

            // Sam came first, Kim second and already looks after Bob: Ann goes to Sam.
            let sam = try await Self.person(browser.fresh(), "Sam")
            let kim = try await Self.person(browser.fresh(), "Kim")
            try await Self.role(.counselor, sam, app)
            try await Self.role(.counselor, kim, app)
            #expect(try await bob.send(.post, "/api/v1/counselor/messages", Self.message("Hi")).status == .created)
            let bobsCounselor = try await bob.send(.get, "/api/v1/counselor/messages").decode(ConversationJSON.self)
            #expect(bobsCounselor.counselor?.name == "Sam", "the first counselor while both have nobody")
            #expect(try await Self.assign(bob, to: kim, app))

            // A message is 1 to 2,000 characters.
            for (text, field) in [("   ", "text"), (String(repeating: "a", count: 2_001), "text")] {
                let refused = try await ann.send(.post, "/api/v1/counselor/messages", Self.message(text))
                #expect(refused.status == .unprocessableContent && refused.error?.field == field)
            }
            let longest = try await ann.send(
                .post, "/api/v1/counselor/messages", Self.message(String(repeating: "b", count: 2_000)))
            #expect(longest.status == .created)
            let asked = try await ann.send(
                .post, "/api/v1/counselor/messages", Self.message("  My result says MZ. Should my brother be tested?  "))
            #expect(asked.status == .created, "\(asked.text)")
            try ann.check.expectDocumented(asked, "/api/v1/counselor/messages", "post")
            #expect(try asked.decode(MessageJSON.self).text == "My result says MZ. Should my brother be tested?")

            // Sam is told and sees Ann; Kim sees only Bob, and nothing of Ann's by any road.
            #expect(try await sam.send(.get, "/api/v1/mobile/notifications/history").text.contains("Ann wrote to you."))
            let samsPeople = try await sam.send(.get, "/api/v1/counseling/people")
            try sam.check.expectDocumented(samsPeople, "/api/v1/counseling/people", "get")
            let annEntry = try #require(try samsPeople.decode(PeopleJSON.self).people.first)
            #expect(try samsPeople.decode(PeopleJSON.self).people.map(\.name) == ["Ann"] && annEntry.unread == 2)
            let annID = annEntry.personId
            #expect(try await kim.send(.get, "/api/v1/counseling/people").decode(PeopleJSON.self).people.map(\.name) == ["Bob"])
            let kimReads = try await kim.send(.get, "/api/v1/counseling/people/\(annID)/messages")
            #expect(kimReads.status == .notFound)
            try kim.check.expectDocumented(kimReads, "/api/v1/counseling/people/{person}/messages", "get")
            let kimWrites = try await kim.send(.post, "/api/v1/counseling/people/\(annID)/messages", Self.message("Hi Ann"))
            #expect(kimWrites.status == .notFound)
            let kimsPage = try await kim.browser.get("/counseling/\(annID)")
            #expect(kimsPage.status == .seeOther && kimsPage.location == "/?notice=unavailable")
            #expect(try await bob.send(.get, "/api/v1/counseling/people").status == .forbidden, "not a counselor")
            #expect(try await bob.send(.get, "/api/v1/counseling/people/\(annID)/messages").status == .forbidden)

            // Sam opens the conversation (Ann's messages are read) and answers as himself.
            let opened = try await sam.send(.get, "/api/v1/counseling/people/\(annID)/messages")
            try sam.check.expectDocumented(opened, "/api/v1/counseling/people/{person}/messages", "get")
            #expect(try await sam.send(.get, "/api/v1/counseling/people").decode(PeopleJSON.self).people.first?.unread == 0)
            let answered = try await sam.send(
                .post, "/api/v1/counseling/people/\(annID)/messages",
                Self.message("Yes: each of your brothers and sisters has a one-in-two chance of carrying Z."))
            #expect(answered.status == .created)
            try sam.check.expectDocumented(answered, "/api/v1/counseling/people/{person}/messages", "post")
            let center = try await ann.send(.get, "/api/v1/mobile/notifications/history").text
            #expect(center.contains("Sam answered your message."))
            #expect(!center.contains("one-in-two"), "the words stay in the chat, not in a notification")

            // Ann's results page says there is something new until she opens the chat.
            #expect(try await ann.browser.get("/results").text.contains(#"<strong class="counseling-unread">1 new</strong>"#))
            let mine = try await ann.send(.get, "/api/v1/counselor/messages").decode(ConversationJSON.self)
            #expect(mine.counselor?.name == "Sam" && mine.counselor?.email == "sam@example.com")
            #expect(mine.messages.map(\.author) == ["person", "person", "counselor"])
            #expect(mine.messages.last?.counselorName == "Sam")
            #expect(!(try await ann.browser.get("/results").text.contains("counseling-unread")))
            let page = try await ann.browser.get("/counselor")
            #expect(page.text.contains("one-in-two chance") && page.text.contains("Your counselor:</strong> Sam"))

            // The counselor's own pages.
            let list = try await sam.browser.get("/counseling")
            #expect(list.status == .ok && list.text.contains("/counseling/\(annID)"))
            let conversation = try await sam.browser.get("/counseling/\(annID)")
            #expect(conversation.text.contains("Should my brother be tested?") && conversation.text.contains("Write to Ann…"))
            let token = try #require(conversation.formToken)
            let blank = try await sam.browser.post("/counseling/\(annID)", form: [("_csrf", token), ("text", " ")])
            #expect(blank.status == .unprocessableContent && blank.text.contains("A message must be 1 to 2,000 characters."))
            let sent = try await sam.browser.post("/counseling/\(annID)", form: [("_csrf", token), ("text", "Any time.")])
            #expect(sent.status == .seeOther)

            // Sam stops counseling: Ann's next message goes to Kim, who reads the whole conversation.
            try await Self.role(.counselor, sam, app, remove: true)
            #expect(try await ann.send(.get, "/api/v1/counselor/messages").decode(ConversationJSON.self).counselor == nil)
            #expect(try await ann.send(.post, "/api/v1/counselor/messages", Self.message("Thank you!")).status == .created)
            let kimNow = try await kim.send(.get, "/api/v1/counseling/people/\(annID)/messages")
            #expect(kimNow.status == .ok && kimNow.text.contains("one-in-two") && kimNow.text.contains("Thank you!"))
            #expect(try await sam.send(.get, "/api/v1/counseling/people").status == .forbidden)
        }
    }

    /// The person's page sends with a form too, and says what went wrong in place.
    @Test func thePersonsPageSendsAndKeepsADraftThatWasRefused() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            _ = try await Self.person(browser, "Ann")
            let sam = try await Self.person(browser.fresh(), "Sam")
            try await Self.role(.counselor, sam, app)
            let page = try await browser.get("/counselor")
            #expect(page.text.contains("Your first message goes to a counselor"))
            let token = try #require(page.formToken)
            let tooLong = String(repeating: "c", count: 2_001)
            let refused = try await browser.post("/counselor", form: [("_csrf", token), ("text", tooLong)])
            #expect(refused.status == .unprocessableContent && refused.text.contains(tooLong), "the draft stays")
            #expect(refused.text.contains(#"aria-describedby="counselor-error""#))
            let sent = try await browser.post("/counselor", form: [("_csrf", token), ("text", "Hello Sam")])
            #expect(sent.status == .seeOther)
            let after = try await browser.get(try #require(sent.location))
            #expect(after.text.contains("Sent. Your counselor will be told.") && after.text.contains("Hello Sam"))
            #expect(after.text.contains("Your counselor:</strong> Sam"))
        }
    }

    static func assign(_ person: Person, to counselor: Person, _ app: TestApp) async throws -> Bool {
        let (personEmail, counselorEmail) = (try EmailAddress(person.email), try EmailAddress(counselor.email))
        return try await app.store.write { repositories in
            guard let account = try await repositories.accounts.find(email: personEmail),
                let chosen = try await repositories.accounts.find(email: counselorEmail)
            else { return false }
            try await repositories.counseling.assign(
                CounselorAssignment(person: account.id, counselor: chosen.id, assignedAt: Date()))
            return true
        }
    }
}

/// Picking a counselor for a new person: the fewest people, the longest-serving among equals.
@Suite("Choosing a counselor")
struct CounselorChoiceTests {
    @Test func theLeastBusyAndThenTheLongestServing() {
        let (a, b, c) = (UserID(UUID()), UserID(UUID()), UserID(UUID()))
        #expect(CounselorAssignment.leastBusy([a, b, c], caseloads: [a: 3, b: 2, c: 2]) == b)
        #expect(CounselorAssignment.leastBusy([a, b, c], caseloads: [a: 2, b: 3]) == c, "nobody yet is fewest")
        #expect(CounselorAssignment.leastBusy([a, b], caseloads: [:]) == a)
        #expect(CounselorAssignment.leastBusy([], caseloads: [:]) == nil)
    }
}
