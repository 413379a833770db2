import Foundation
import Testing
import ThriveCore

@testable import ThriveWeb

/// What a chat page listening to the stream hears when a message is sent: the message, that the
/// coach has it, typing, the reply, that it was read, typing over, in that order.
@Suite("Coach events")
struct CoachEventsTests {
    @Test func sendingTellsListenersEachStepInOrder() async throws {
        let clock = TestClock(HabitsAPITests.mondayMorning)
        let app = try await TestApp.make(clock: clock)
        let owner = UserID(UUID())
        try await app.store.write { repositories in
            try await repositories.accounts.create(
                Account(id: owner, email: try EmailAddress("ann@example.com"), passwordHash: "-", createdAt: clock.source()))
        }
        let events = CoachEvents()
        let service = CoachService(
            store: app.store, now: clock.source, ids: .random, hosted: nil, events: events,
            logger: app.logs.logger())
        let heard = await events.listen(owner, tick: .seconds(3_600))
        let others = await events.listen(UserID(UUID()), tick: .seconds(3_600))
        let sent = try await service.send(owner, CoachMessageDraft(text: "thanks"))
        var steps: [String] = []
        for await event in heard {
            switch event {
            case .message(let posted): steps.append("message \(posted.seq) \(posted.message.author.rawValue)")
            case .typing(let on): steps.append("typing \(on)")
            case .status(let through, let status): steps.append("\(status.rawValue) through \(through)")
            case .tick: continue
            }
            if case .typing(false) = event { break }
        }
        #expect(
            steps == [
                "message 1 person", "delivered through 1", "typing true", "message 2 coach", "read through 1", "typing false",
            ])
        #expect(sent.message.message.status == .read)
        #expect(await events.listenerCount == 2)
        _ = others
        await app.cleanup()
    }
}
