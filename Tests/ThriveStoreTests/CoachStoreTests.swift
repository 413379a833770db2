import Foundation
import Testing
import ThriveCore
import ThriveStore

struct CoachStoreTests {
    private static let start = Date(timeIntervalSince1970: 1_795_000_000)

    private static func message(_ n: Int, _ author: CoachMessage.Author, _ text: String) -> CoachMessage {
        CoachMessage(
            id: CoachMessageID(UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", n))!), author: author,
            text: text, createdAt: start.addingTimeInterval(Double(n)))
    }

    /// Messages keep the order they were said in, pages cut by seq both ways, search ignores case
    /// and treats % as a character, and another person sees none of it.
    @Test(arguments: TestStores.kinds)
    func aConversationPagesSearchesAndStaysPrivate(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let ann = try Make.account("ann@example.com")
            let bob = try Make.account("bob@example.com")
            let texts = ["Hello coach", "Good morning! 2 of 3 habits done today.", "I walked 100% of the way", "Great walk"]
            let posted = try await store.write { repositories in
                try await repositories.accounts.create(ann)
                try await repositories.accounts.create(bob)
                let coach = repositories.records(of: ann.id).coach
                var all: [PostedCoachMessage] = []
                for (index, text) in texts.enumerated() {
                    all += try await coach.append(
                        [Self.message(index + 1, index % 2 == 0 ? .person : .coach, text)], openingDay: nil)
                }
                return all
            }
            #expect(posted.map(\.seq) == [1, 2, 3, 4])
            let (latest, older, newer, walk, percent, bobs, sent) = try await store.read { repositories in
                let coach = repositories.records(of: ann.id).coach
                return (
                    try await coach.page(before: nil, after: nil, limit: 2),
                    try await coach.page(before: 3, after: nil, limit: 2),
                    try await coach.page(before: nil, after: 2, limit: 10),
                    try await coach.search("WALK", before: nil, limit: 10),
                    try await coach.search("100%", before: nil, limit: 10),
                    try await repositories.records(of: bob.id).coach.page(before: nil, after: nil, limit: 10),
                    try await coach.sentCount()
                )
            }
            #expect(latest.map(\.message.text) == ["I walked 100% of the way", "Great walk"])
            #expect(older.map(\.seq) == [1, 2])
            #expect(newer.map(\.seq) == [3, 4])
            #expect(walk.map(\.seq) == [4, 3], "newest first")
            #expect(percent.map(\.seq) == [3])
            #expect(bobs.isEmpty)
            #expect(sent == 2)
        }
    }

    /// A day opens once: a second opening for the same day stores nothing.
    @Test(arguments: TestStores.kinds)
    func aDayIsOpenedOnce(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let ann = try Make.account("ann@example.com")
            let monday = LocalDate(year: 2026, month: 11, day: 23)!
            let (first, second, tuesday) = try await store.write { repositories in
                try await repositories.accounts.create(ann)
                let coach = repositories.records(of: ann.id).coach
                return (
                    try await coach.append(
                        [Self.message(1, .coach, "Good morning"), Self.message(2, .coach, "Did you…")], openingDay: monday),
                    try await coach.append([Self.message(3, .coach, "Good morning again")], openingDay: monday),
                    try await coach.append([Self.message(4, .coach, "Good morning, Tuesday")], openingDay: monday.adding(days: 1))
                )
            }
            #expect(first.map(\.seq) == [1, 2])
            #expect(second.isEmpty)
            #expect(tuesday.map(\.seq) == [3])
        }
    }

    /// Read receipts move forward only, per author, and an attached image comes back byte for byte.
    @Test(arguments: TestStores.kinds)
    func statusAndAttachments(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let ann = try Make.account("ann@example.com")
            let bob = try Make.account("bob@example.com")
            let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 1, 2, 255])
            let image = CoachAttachment(
                id: CoachAttachmentID(UUID()), mediaType: .png, bytes: png, createdAt: Self.start)
            let read = Self.start.addingTimeInterval(60)
            let (changed, again, unread, stored, bobSees) = try await store.write { repositories in
                try await repositories.accounts.create(ann)
                try await repositories.accounts.create(bob)
                let coach = repositories.records(of: ann.id).coach
                try await coach.save(image)
                var photo = Self.message(1, .person, "")
                photo.attachment = image.id
                _ = try await coach.append(
                    [photo, Self.message(2, .coach, "Thanks"), Self.message(3, .coach, "Did you walk?")], openingDay: nil)
                let changed = try await coach.mark(author: .coach, through: 2, delivered: read, read: read)
                let again = try await coach.mark(author: .coach, through: 2, delivered: read, read: read)
                return (
                    changed, again, try await coach.unreadCount(author: .coach), try await coach.attachment(image.id),
                    try await repositories.records(of: bob.id).coach.attachment(image.id)
                )
            }
            #expect(changed == 2, "delivered and read, one message")
            #expect(again == 0)
            #expect(unread == 1)
            #expect(stored?.bytes == png)
            #expect(stored?.mediaType == .png)
            #expect(bobSees == nil)
            let statuses = try await store.read {
                try await $0.records(of: ann.id).coach.page(before: nil, after: nil, limit: 3).map(\.message.status)
            }
            #expect(statuses == [.sent, .read, .sent], "the person's own photo is not the coach's to read")
        }
    }
}

struct CreatorStoreTests {
    /// Roles and memberships on both engines: a role is granted once, a person is with one creator
    /// at a time, and deleting a creator's account ends their people's memberships.
    @Test(arguments: TestStores.kinds)
    func rolesAndMemberships(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let carol = try Make.account("carol@example.com")
            let dave = try Make.account("dave@example.com")
            let ann = try Make.account("ann@example.com")
            let (roles, members, moved) = try await store.write { repositories in
                for account in [carol, dave, ann] { try await repositories.accounts.create(account) }
                try await repositories.creators.grant(.creator, to: carol.id)
                try await repositories.creators.grant(.creator, to: carol.id)
                try await repositories.creators.grant(.creator, to: dave.id)
                try await repositories.creators.save(
                    CreatorMembership(member: ann.id, creator: carol.id, sharesEntries: false, joinedAt: Make.time))
                let members = try await repositories.creators.members(of: carol.id)
                try await repositories.creators.save(
                    CreatorMembership(member: ann.id, creator: dave.id, sharesEntries: true, joinedAt: Make.time))
                return (
                    try await repositories.creators.roles(of: carol.id), members,
                    try await repositories.creators.membership(of: ann.id)
                )
            }
            #expect(roles == [.creator])
            #expect(members.map(\.member) == [ann.id])
            #expect(moved?.creator == dave.id && moved?.sharesEntries == true, "one creator at a time")
            let after = try await store.write { repositories in
                _ = try await repositories.accounts.delete(dave.id)
                try await repositories.creators.revoke(.creator, from: carol.id)
                return (
                    try await repositories.creators.membership(of: ann.id), try await repositories.creators.roles(of: carol.id)
                )
            }
            #expect(after.0 == nil, "the creator's account went, and with it the membership")
            #expect(after.1.isEmpty)
        }
    }
}
