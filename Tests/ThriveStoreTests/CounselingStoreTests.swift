import Foundation
import Testing
import ThriveCore
import ThriveStore

/// The counselor chat on both engines: counselors in the order they joined, caseloads, the
/// conversation paged oldest first, read marks per side, and deletion of either account.
@Suite("Counselor chat in the store")
struct CounselingStoreTests {
    @Test(arguments: TestStores.kinds)
    func conversationsCaseloadsAndDeletion(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let sam = try Make.account("sam@example.com")
            let kim = Account(
                id: UserID(UUID()), email: try EmailAddress("kim@example.com"), passwordHash: "-", createdAt: Make.time + 60)
            let ann = try Make.account("ann@example.com")
            let bob = try Make.account("bob@example.com")
            try await store.write { repositories in
                for account in [sam, kim, ann, bob] { try await repositories.accounts.create(account) }
                // Kim is granted first but joined later: counselors come in the order they joined.
                try await repositories.creators.grant(.counselor, to: kim.id)
                try await repositories.creators.grant(.counselor, to: sam.id)
                try await repositories.counseling.assign(
                    CounselorAssignment(person: ann.id, counselor: kim.id, assignedAt: Make.time))
                try await repositories.counseling.assign(
                    CounselorAssignment(person: bob.id, counselor: kim.id, assignedAt: Make.time))
                // Moved: Bob is Sam's now.
                try await repositories.counseling.assign(
                    CounselorAssignment(person: bob.id, counselor: sam.id, assignedAt: Make.time + 5))
                for minute in 0..<4 {
                    try await repositories.counseling.post(
                        CounselorMessage(
                            id: CounselorMessageID(UUID()), owner: ann.id, author: minute == 3 ? .counselor : .person,
                            counselor: minute == 3 ? kim.id : nil, counselorName: minute == 3 ? "Kim" : nil,
                            text: "m\(minute)", createdAt: Make.time + Double(minute) * 60))
                }
            }
            let (counselors, loads, cases, page, older) = try await store.read { repositories in
                let counseling = repositories.counseling
                return (
                    try await counseling.counselors(), try await counseling.caseloads([sam.id, kim.id]),
                    try await counseling.cases(of: kim.id),
                    try await counseling.messages(of: ann.id, before: nil, limit: 2).map(\.text),
                    try await counseling.messages(of: ann.id, before: Make.time + 120, limit: 10).map(\.text)
                )
            }
            #expect(counselors == [sam.id, kim.id])
            #expect(loads == [sam.id: 1, kim.id: 1])
            #expect(cases.map(\.assignment.person) == [ann.id] && cases[0].unread == 3)
            #expect(cases[0].lastMessageAt == Make.time + 180)
            #expect(page == ["m2", "m3"] && older == ["m0", "m1"])

            let (read, unreadAfter, counselorUnread) = try await store.write { repositories in
                (
                    try await repositories.counseling.markRead(of: ann.id, author: .person, at: Make.time + 600),
                    try await repositories.counseling.unread(of: ann.id, author: .person),
                    try await repositories.counseling.unread(of: ann.id, author: .counselor)
                )
            }
            #expect(read == 3 && unreadAfter == 0 && counselorUnread == 1)

            // Kim leaves: Ann keeps her conversation (signed "Kim") and has no counselor.
            try await store.write { _ = try await $0.accounts.delete(kim.id) }
            let (kept, assignment) = try await store.read { repositories in
                (
                    try await repositories.counseling.messages(of: ann.id, before: nil, limit: 10),
                    try await repositories.counseling.assignment(of: ann.id)
                )
            }
            #expect(kept.count == 4 && kept.last?.counselor == nil && kept.last?.counselorName == "Kim")
            #expect(assignment == nil)
            // Ann leaves: nothing of hers stays.
            try await store.write { _ = try await $0.accounts.delete(ann.id) }
            #expect(try await store.read { try await $0.counseling.messages(of: ann.id, before: nil, limit: 10) }.isEmpty)
            #expect(try await store.write { try await $0.counseling.unassign(bob.id) })
            #expect(try await store.write { try await $0.counseling.unassign(bob.id) } == false)
        }
    }
}
