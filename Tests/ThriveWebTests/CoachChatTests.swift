import Foundation
import HTTPTypes
import NIOCore
import Testing
import ThriveWeb

/// The coach chat through the router with the on-device coach: Ann in Berlin, Monday 08:00, with a
/// morning walk to do.
@Suite("Coach chat")
struct CoachChatTests {
    struct MessageJSON: Decodable {
        struct Check: Decodable {
            let habitId: String
            let habitName: String
            let answer: String?
        }
        struct Reply: Decodable {
            let label: String
            let payload: String
        }
        let id: String
        let cursor: String
        let author: String
        let text: String
        let quickReplies: [Reply]
        let habitCheck: Check?
        let status: String
    }

    struct PageJSON: Decodable {
        let messages: [MessageJSON]
        let olderCursor: String?
        let unread: Int
    }

    struct SentJSON: Decodable {
        struct Award: Decodable {
            let achievement: String
            let tier: Int
        }
        let message: MessageJSON
        let replies: [MessageJSON]
        let notice: String?
        let awards: [Award]
    }

    typealias Person = HabitsAPITests.Person

    static func say(_ person: Person, _ body: String, status: HTTPResponse.Status = .created) async throws -> SentJSON {
        let reply = try await person.send(.post, "/api/v1/coach/messages", body)
        #expect(reply.status == status, "\(reply.text)")
        try person.check.expectDocumented(reply, "/api/v1/coach/messages", "post")
        return try reply.decode(SentJSON.self)
    }

    static func page(_ person: Person, _ query: String = "") async throws -> PageJSON {
        let reply = try await person.send(.get, "/api/v1/coach/messages\(query)")
        #expect(reply.status == .ok, "\(reply.text)")
        try person.check.expectDocumented(reply, "/api/v1/coach/messages", "get")
        return try reply.decode(PageJSON.self)
    }

    /// Answers the coaching welcome's five screens (one habit, the small walk).
    static func finishWelcome(_ browser: Browser) async throws {
        try await browser.post("/coach/start/welcome", form: [])
        try await browser.post("/coach/start/goal", form: [("goal", "exercise")])
        try await browser.post("/coach/start/habits", form: [("approach", "oneThing"), ("habit", "stairs")])
        try await browser.post("/coach/start/reminders", form: [("time", "09:00")])
        #expect(try await browser.post("/coach/start/ready", form: []).location == "/coach")
    }

    /// The page a form's redirect lands on, as a browser asks for it (without the #fragment).
    static func landing(_ browser: Browser, _ reply: Reply) async throws -> Reply {
        #expect(reply.status == .seeOther, "\(reply.text)")
        let location = try #require(reply.location)
        return try await browser.get(String(location.split(separator: "#")[0]))
    }

    @Test func theDayOpensWithAHabitCheckThatRecordsTheCheckIn() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            let ann = try await Person.make(browser)
            let walk = try await ann.create(#"{"name":"Morning walk","icon":"🚶"}"#)

            let opened = try await ann.send(.post, "/api/v1/coach/open")
            #expect(opened.status == .created)
            try ann.check.expectDocumented(opened, "/api/v1/coach/open", "post")
            let opening = try opened.decode([MessageJSON].self)
            #expect(opening.first?.text.hasPrefix("Hi, I'm your coach.") == true)
            #expect(opening.first?.text.contains("not a clinician") == true)
            #expect(opening.map(\.text).contains("Good morning, Ann! 0 of 1 habit done today."))
            let question = try #require(opening.last)
            #expect(question.text == "Did you do Morning walk today?")
            #expect(question.habitCheck?.habitId == walk.id)
            // Opening again the same day says nothing new.
            let again = try await ann.send(.post, "/api/v1/coach/open")
            #expect(again.status == .ok)
            #expect(try again.decode([MessageJSON].self).isEmpty)

            let done = try await Self.say(ann, #"{"habitCheck":{"messageId":"\#(question.id)","answer":"done"}}"#)
            #expect(done.message.text == "Done")
            #expect(done.message.status == "read", "the coach answered it")
            #expect(done.replies.map(\.text) == ["Morning walk: done. Nice work.", "Everything on today's list is done. 🎉"])
            let today = try await ann.today()
            #expect(today.habits.first?.today.outcome == "done", "the answer recorded the check-in")

            // The question is answered now, and answering twice is refused.
            let twice = try await ann.send(
                .post, "/api/v1/coach/messages", #"{"habitCheck":{"messageId":"\#(question.id)","answer":"notYet"}}"#)
            #expect(twice.status == .conflict)
            #expect(twice.error?.message == "You have already answered that question.")
            let asked = try await Self.page(ann).messages.first { $0.id == question.id }
            #expect(asked?.habitCheck?.answer == "done")

            // Another person can neither see nor answer Ann's question.
            let bob = try await Person.make(browser.fresh(), email: "bob@example.com")
            let foreign = try await bob.send(
                .post, "/api/v1/coach/messages", #"{"habitCheck":{"messageId":"\#(question.id)","answer":"done"}}"#)
            #expect(foreign.status == .notFound)
            #expect(try await Self.page(bob).messages.isEmpty)
        }
    }

    /// A question asked yesterday and answered today records yesterday.
    /// The coaching focus in settings is heard: the day opens with where that pillar stands, from
    /// the person's own records (two meals logged this morning).
    @Test func theFocusInSettingsOpensTheDay() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            let ann = try await Person.make(browser)
            _ = try await ann.create(#"{"name":"Morning walk"}"#)
            let patched = try await ann.send(.patch, "/api/v1/mobile/settings", #"{"coaching":{"focus":"nutrition"}}"#)
            #expect(patched.status == .ok, "\(patched.text)")
            for meal in ["breakfast", "snack"] {
                let logged = try await ann.send(
                    .post, "/api/v1/entries/meals", #"{"meal":"\#(meal)","name":"Porridge","energyKilocalories":300}"#)
                #expect(logged.status == .created, "\(logged.text)")
            }
            let opening = try await ann.send(.post, "/api/v1/coach/open").decode([MessageJSON].self)
            #expect(opening.map(\.text).contains("Your focus is nutrition: 2 meals logged today."), "\(opening.map(\.text))")
        }
    }

    @Test func aLateAnswerRecordsTheDayItWasAskedAbout() async throws {
        let clock = TestClock(HabitsAPITests.mondayMorning)
        let app = try await TestApp.make(clock: clock)
        try await app.test { browser in
            let ann = try await Person.make(browser)
            _ = try await ann.create(#"{"name":"Morning walk","icon":"🚶"}"#)
            let question = try #require(
                try await ann.send(.post, "/api/v1/coach/open").decode([MessageJSON].self).last { $0.habitCheck != nil })
            clock.advance(minutes: 24 * 60)
            try await ann.signInAgain()
            _ = try await Self.say(ann, #"{"habitCheck":{"messageId":"\#(question.id)","answer":"done"}}"#)
            let walk = try #require(try await ann.today().habits.first)
            #expect(walk.today.outcome == "pending", "Tuesday is still open")
            #expect(walk.streak.current == 1, "Monday was recorded")
        }
    }

    /// "Skip today" is a rest day by choice: it is recorded, and the streak carries on past it.
    @Test func skippingFromTheChatKeepsTheStreak() async throws {
        let clock = TestClock(HabitsAPITests.mondayMorning)
        let app = try await TestApp.make(clock: clock)
        try await app.test { browser in
            let ann = try await Person.make(browser)
            let walk = try await ann.create(#"{"name":"Morning walk","icon":"🚶"}"#)
            #expect(try await ann.send(.post, "/api/v1/habits/\(walk.id)/checkins", #"{"action":"done"}"#).status == .ok)
            clock.advance(minutes: 24 * 60)
            try await ann.signInAgain()
            let question = try #require(
                try await ann.send(.post, "/api/v1/coach/open").decode([MessageJSON].self).last { $0.habitCheck != nil })
            let skipped = try await Self.say(ann, #"{"habitCheck":{"messageId":"\#(question.id)","answer":"skip"}}"#)
            #expect(skipped.message.text == "Skip today")
            #expect(
                skipped.replies.first?.text
                    == "Skipping Morning walk today is fine. A skip you choose keeps your streak; see you tomorrow.")
            let today = try #require(try await ann.today().habits.first)
            #expect(today.today.outcome == "skipped")
            #expect(today.streak.current == 1, "Monday's walk still counts")

            // The next day's walk extends the same streak.
            clock.advance(minutes: 24 * 60)
            try await ann.signInAgain()
            #expect(try await ann.send(.post, "/api/v1/habits/\(walk.id)/checkins", #"{"action":"done"}"#).status == .ok)
            #expect(try await ann.today().habits.first?.streak.current == 2)
        }
    }

    @Test func theCoachAnswersFromThePersonsDataAndNeverAsAClinician() async throws {
        let clock = TestClock(HabitsAPITests.mondayMorning.addingTimeInterval(-3 * 86_400))
        let app = try await TestApp.make(clock: clock)
        try await app.test { browser in
            let ann = try await Person.make(browser)
            // Started on Friday and walked Friday to Sunday: a run of 3 going into Monday.
            let walk = try await ann.create(#"{"name":"Morning walk","icon":"🚶"}"#)
            _ = try await ann.create(#"{"name":"Water","icon":"💧","measure":"count","target":8,"unit":"glasses"}"#)
            clock.advance(minutes: 3 * 24 * 60)
            try await ann.signInAgain()
            for back in 1...3 {
                try await ann.checkIn(walk.id, #"{"action":"done","day":"2026-11-\#(23 - back)"}"#)
            }

            let progress = try await Self.say(ann, #"{"text":"How am I doing?"}"#)
            #expect(
                progress.replies.map(\.text) == [
                    "0 of 2 habits done today.", "Your longest run right now: Morning walk, 3 days in a row.",
                    "Water didn't happen yesterday. That's fine: one missed day doesn't undo your progress. Want to make it smaller today?",
                ])
            #expect(progress.replies.last?.quickReplies.map(\.payload) == ["check_in"])

            let medical = try await Self.say(ann, #"{"text":"What dose of ibuprofen should I take for my knee?"}"#)
            #expect(medical.replies.first?.text.hasPrefix("I can't give medical advice: I'm a coach, not a clinician.") == true)
            let urgent = try await Self.say(ann, #"{"text":"I have chest pain and feel dizzy"}"#)
            #expect(
                urgent.replies.map(\.text) == [
                    "I'm a habit coach, not a clinician, and I can't help in an emergency. If you might be in danger or this feels urgent, call your local emergency number now (112 in Europe, 911 in the US)."
                ])

            // The tone chosen in settings sets the coach's words.
            let settings = try await ann.send(.patch, "/api/v1/mobile/settings", #"{"coaching":{"tone":"direct"}}"#)
            #expect(settings.status == .ok)
            let struggling = try await Self.say(ann, #"{"text":"Struggling 😔","payload":"feeling_struggling"}"#)
            #expect(
                struggling.replies.map(\.text) == [
                    "Understood. Cut today's plan down to one habit.", "How about just the smallest version of Morning walk?",
                ])
            #expect(struggling.message.text == "Struggling 😔")

            // Words in another language find their topic too (the answer follows the request's language).
            let spanish = try await ann.browser.json(
                .post, "/api/v1/coach/messages", #"{"text":"¿Cómo voy con mi racha?"}"#, bearer: ann.token,
                headers: [.acceptLanguage: "es"])
            let answer = try spanish.decode(SentJSON.self)
            #expect(answer.replies.first?.text == "0 de 2 hábitos hechos hoy.")
        }
    }

    @Test func badMessagesAreRefusedWithAReasonAndStoreNothing() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            let ann = try await Person.make(browser)
            let empty = try await ann.send(.post, "/api/v1/coach/messages", #"{"text":"   "}"#)
            #expect(empty.status == .unprocessableContent)
            #expect(empty.error?.message == "Write a message or attach an image before sending.")
            try ann.check.expectDocumented(empty, "/api/v1/coach/messages", "post")
            let long = try await ann.send(
                .post, "/api/v1/coach/messages", #"{"text":"\#(String(repeating: "a", count: 2_001))"}"#)
            #expect(long.status == .unprocessableContent)
            #expect(long.error?.message == "A message can be at most 2,000 characters.")
            let unknown = try await ann.send(.post, "/api/v1/coach/messages", #"{"text":"hi","mood":"fine"}"#)
            #expect(unknown.status == .badRequest)
            let payload = try await ann.send(.post, "/api/v1/coach/messages", #"{"text":"hi","payload":"drop table"}"#)
            #expect(payload.status == .unprocessableContent)
            let image = try await ann.send(
                .post, "/api/v1/coach/messages", #"{"attachmentId":"00000000-0000-0000-0000-000000000001"}"#)
            #expect(image.status == .notFound)
            #expect(image.error?.message == "That image is not in your conversation.")
            let cursor = try await ann.send(.get, "/api/v1/coach/messages?before=yesterday")
            #expect(cursor.status == .badRequest)
            #expect(cursor.error?.field == "before")
            #expect(try await Self.page(ann).messages.isEmpty, "nothing half-written")
        }
    }

    @Test func theConversationPagesBackSearchesAndKeepsReadReceipts() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            let ann = try await Person.make(browser)
            var awards: [String] = []
            for n in 1...10 {
                let sent = try await Self.say(ann, #"{"text":"Note \#(n): walked to the park"}"#)
                awards += sent.awards.map { "\($0.achievement) \($0.tier)" }
            }
            #expect(awards == ["conversation_starter 10"], "the tenth message earns it, once")
            _ = try await Self.say(ann, #"{"text":"thanks!"}"#)

            let latest = try await Self.page(ann, "?limit=4")
            #expect(
                latest.messages.map(\.text) == [
                    "Note 10: walked to the park", latest.messages[1].text, "thanks!",
                    "You're welcome! I'm here whenever you need me.",
                ])
            #expect(latest.messages.map(\.author) == ["person", "coach", "person", "coach"])
            #expect(latest.messages.first { $0.author == "coach" }?.status == "delivered", "fetching delivers it")
            let cursor = try #require(latest.olderCursor)
            let older = try await Self.page(ann, "?limit=4&before=\(cursor)")
            #expect(older.messages.map(\.text).first == "Note 8: walked to the park")
            #expect(Int(older.messages.last!.cursor)! < Int(cursor)!)

            let found = try await Self.page(ann, "?q=PARK&limit=3")
            #expect(
                found.messages.map(\.text) == [
                    "Note 10: walked to the park", "Note 9: walked to the park", "Note 8: walked to the park",
                ])
            let more = try await Self.page(ann, "?q=park&limit=3&before=\(found.olderCursor ?? "")")
            #expect(more.messages.first?.text == "Note 7: walked to the park")

            #expect(latest.unread == 11)
            let read = try await ann.send(.post, "/api/v1/coach/read", #"{"through":"\#(latest.messages.last!.cursor)"}"#)
            #expect(read.status == .ok)
            try ann.check.expectDocumented(read, "/api/v1/coach/read", "post")
            #expect(try await Self.page(ann, "?limit=1").unread == 0)
            #expect(try await Self.page(ann, "?limit=1").messages.first?.status == "read")
        }
    }

    @Test func imagesStayWithTheirOwner() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            let ann = try await Person.make(browser)
            let png = ByteBuffer(bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 7, count: 64))
            let upload = try await ann.browser.send(
                "/api/v1/coach/attachments", method: .post,
                headers: [.authorization: "Bearer \(ann.token)", .contentType: "image/png"], body: png)
            #expect(upload.status == .created, "\(upload.text)")
            try ann.check.expectDocumented(upload, "/api/v1/coach/attachments", "post")
            struct Attachment: Decodable {
                let id: String
                let url: String
            }
            let attachment = try upload.decode(Attachment.self)
            let sent = try await Self.say(ann, #"{"attachmentId":"\#(attachment.id)"}"#)
            #expect(sent.replies.first?.text.hasPrefix("Thanks for the photo. I can't look at images") == true)

            let back = try await ann.browser.get(attachment.url, headers: [.authorization: "Bearer \(ann.token)"])
            #expect(back.status == .ok)
            #expect(back.headers[.contentType] == "image/png")
            #expect(back.headers[.cacheControl] == "private, max-age=86400")
            #expect(back.bytes == Array(png.readableBytesView))

            let bob = try await Person.make(browser.fresh(), email: "bob@example.com")
            let stolen = try await bob.browser.get(attachment.url, headers: [.authorization: "Bearer \(bob.token)"])
            #expect(stolen.status == .notFound)

            let text = try await ann.browser.send(
                "/api/v1/coach/attachments", method: .post,
                headers: [.authorization: "Bearer \(ann.token)", .contentType: "image/png"],
                body: ByteBuffer(string: "not a picture"))
            #expect(text.status == .unsupportedMediaType)
            #expect(text.error?.message == "Only JPEG, PNG, GIF or WebP images can be attached.")
            let huge = try await ann.browser.send(
                "/api/v1/coach/attachments", method: .post,
                headers: [.authorization: "Bearer \(ann.token)", .contentType: "image/jpeg"],
                body: ByteBuffer(bytes: [0xFF, 0xD8, 0xFF] + Array(repeating: 0, count: 5 * 1024 * 1024)))
            #expect(huge.status == .contentTooLarge)
        }
    }

    /// The stream starts with what was said after its cursor (or the reconnecting browser's
    /// Last-Event-ID), as Server-Sent Events with the cursor as each event's id.
    @Test func theStreamResumesAfterItsCursor() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            let ann = try await Person.make(browser)
            let first = try await Self.say(ann, #"{"text":"hello"}"#)
            let second = try await Self.say(ann, #"{"text":"thanks"}"#)
            let stream = try await ann.send(.get, "/api/v1/coach/stream?after=\(first.message.cursor)")
            #expect(stream.status == .ok)
            #expect(stream.headers[.contentType] == "text/event-stream")
            #expect(stream.headers[.cacheControl] == "no-store")
            let text = stream.text
            #expect(text.hasPrefix("retry: 3000\n\n"))
            #expect(text.contains("id: \(second.message.cursor)\nevent: message\ndata: {"))
            #expect(text.contains("You're welcome! I'm here whenever you need me."))
            #expect(!text.contains("\"text\":\"hello\""), "only what came after the cursor")
            let resumed = try await ann.browser.get(
                "/api/v1/coach/stream",
                headers: [.authorization: "Bearer \(ann.token)", HTTPField.Name("Last-Event-ID")!: second.message.cursor])
            #expect(resumed.text.contains("You're welcome!"))
            #expect(!resumed.text.contains("\"text\":\"thanks\""))
            let bad = try await ann.send(.get, "/api/v1/coach/stream?after=soon")
            #expect(bad.status == .badRequest)
        }
    }

    @Test func theChatPageSendsAndAnswersThroughForms() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            let ann = try await Person.make(browser)
            _ = try await ann.create(#"{"name":"Morning walk","icon":"🚶"}"#)
            let home = try await browser.get("/")
            #expect(!home.text.contains("data-coach-unread"))
            try await ann.send(.post, "/api/v1/coach/open")
            let badge = try await browser.get("/")
            #expect(badge.text.contains("data-coach-unread>3"), "three unread messages from the coach")
            #expect(badge.text.contains("3 new messages from your coach"), "in the home page's recent activity")

            try await Self.finishWelcome(browser)
            let chat = try await browser.get("/coach")
            #expect(chat.status == .ok)
            #expect(chat.text.contains("Did you do Morning walk today?"))
            #expect(chat.text.contains("On-device coach"))
            #expect(!chat.text.contains("data-coach-unread"), "opening the chat reads it")
            let id = try #require(chat.text.firstMatch(of: /name="habitCheck" value="([0-9a-f-]+)"/)?.1)
            let answered = try await browser.post("/coach/messages", form: [("habitCheck", String(id)), ("answer", "done")])
            #expect(answered.status == .seeOther)
            #expect(answered.location?.hasPrefix("/coach?sent=") == true)
            let after = try await Self.landing(browser, answered)
            #expect(after.text.contains("Morning walk: Done"))
            #expect(after.text.contains("Morning walk: done. Nice work."))

            let refused = try await browser.post("/coach/messages", form: [("text", "  ")])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("Write a message or attach an image before sending."))

            let sent = try await Self.landing(
                browser, try await browser.post("/coach/messages", form: [("text", "I **walked** to work <b>")]))
            #expect(sent.text.contains("I <strong>walked</strong> to work &lt;b&gt;"), "formatted, and nothing typed is markup")
            #expect(sent.text.contains("✓✓"))
            let search = try await browser.get("/coach?q=walked")
            #expect(search.text.contains("1 message found"))
        }
    }
}
