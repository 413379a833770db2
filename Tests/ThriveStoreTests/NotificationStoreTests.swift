import Foundation
import Testing
import ThriveCore
import ThriveStore

/// The notification center's table on SQLite and PostgreSQL: a key makes one notification however
/// often it is added, pages follow (time, id) so two made in the same instant are neither repeated
/// nor skipped, and each person reads, marks and deletes only their own.
struct NotificationStoreTests {
    private static let start = Date(timeIntervalSince1970: 1_795_000_000)

    private static func entry(_ n: Int, key: String? = nil, at offset: TimeInterval) -> NotificationEntry {
        NotificationEntry(
            id: NotificationID(UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", n))!), kind: .milestone,
            key: key ?? "k\(n)", title: Phrase("notification.lock.milestone"), body: .literal("Seven days in a row"),
            link: "/pillars/wellbeing/habits", createdAt: start.addingTimeInterval(offset))
    }

    @Test(arguments: TestStores.kinds)
    func keysPagesReadsAndDeletes(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let ann = try Make.account("ann@example.com")
            let bob = try Make.account("bob@example.com")
            let added = try await store.write { repositories in
                try await repositories.accounts.create(ann)
                try await repositories.accounts.create(bob)
                let center = repositories.records(of: ann.id).notifications
                var added: [Bool] = []
                // Five notifications, three of them made in the same instant.
                for (n, offset) in [(1, 0.0), (2, 60), (3, 60), (4, 60), (5, 120)] {
                    added.append(try await center.add(Self.entry(n, at: offset)))
                }
                added.append(try await center.add(Self.entry(6, key: "k2", at: 180)))
                return added
            }
            #expect(added == [true, true, true, true, true, false], "a key already there adds nothing")

            let since = Self.start.addingTimeInterval(-86_400)
            let seen = try await store.read { repositories in
                let center = repositories.records(of: ann.id).notifications
                var seen: [Int] = []
                var cursor: NotificationID?
                while true {
                    let page = try #require(try await center.list(since: since, before: cursor, limit: 2))
                    seen += page.map { Int($0.id.description.suffix(12))! }
                    guard page.count == 2 else { break }
                    cursor = page.last?.id
                }
                #expect(try await center.unreadCount(since: since) == 5)
                #expect(try await center.list(since: Self.start.addingTimeInterval(61), before: nil, limit: 10)?.count == 1)
                let bobs = repositories.records(of: bob.id).notifications
                #expect(try await bobs.list(since: since, before: nil, limit: 10) == [])
                #expect(try await bobs.list(since: since, before: Self.entry(1, at: 0).id, limit: 10) == nil)
                #expect(try await bobs.get(Self.entry(1, at: 0).id) == nil)
                return seen
            }
            #expect(seen == [5, 4, 3, 2, 1], "newest first, ties by id, each once")

            let time = Self.start.addingTimeInterval(300)
            let (one, again, bobMarks, bobDeletes, all, unread, removed, left) = try await store.write { repositories in
                let center = repositories.records(of: ann.id).notifications
                let bobs = repositories.records(of: bob.id).notifications
                return (
                    try await center.markRead(Self.entry(3, at: 0).id, at: time),
                    try await center.markRead(Self.entry(3, at: 0).id, at: time),
                    try await bobs.markRead(nil, at: time), try await bobs.delete(Self.entry(1, at: 0).id),
                    try await center.markRead(nil, at: time), try await center.unreadCount(since: since),
                    try await repositories.purgeNotifications(before: Self.start.addingTimeInterval(90)),
                    try await center.list(since: since, before: nil, limit: 10)?.map(\.key)
                )
            }
            #expect(one == 1 && again == 0 && bobMarks == 0 && !bobDeletes)
            #expect(all == 4 && unread == 0)
            #expect(removed == 4 && left == ["k5"])
            let stored = try await store.read { try await $0.records(of: ann.id).notifications.get(Self.entry(5, at: 0).id) }
            #expect(stored?.readAt != nil && stored?.body == .literal("Seven days in a row"))
            #expect(stored?.title == Phrase("notification.lock.milestone") && stored?.kind == .milestone)
        }
    }
}
