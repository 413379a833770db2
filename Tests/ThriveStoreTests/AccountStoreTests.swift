import Foundation
import Testing
import ThriveCore
import ThriveStore

@Suite("Accounts, sessions and tokens in the store")
struct AccountStoreTests {
    @Test(arguments: TestStores.kinds)
    func anEmailBelongsToOneAccount(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let ann = try Make.account("ann@example.com")
            try await store.write { try await $0.accounts.create(ann) }
            await #expect(throws: StoreError.conflict("email")) {
                try await store.write { try await $0.accounts.create(try Make.account("ann@example.com")) }
            }
            let found = try await store.read { try await $0.accounts.find(email: try EmailAddress("ANN@example.com")) }
            #expect(found == ann)
            #expect(try await store.read { try await $0.accounts.all() }.count == 1)
        }
    }

    @Test(arguments: TestStores.kinds)
    func deletingAPersonDeletesEverythingTheyOwn(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let ann = try Make.account("ann@example.com")
            let bob = try Make.account("bob@example.com")
            try await store.write { repositories in
                for account in [ann, bob] {
                    try await repositories.accounts.create(account)
                    try await repositories.records(of: account.id).quantitySamples.store(
                        [Make.heartRate(60, sync: "a"), Make.heartRate(61, sync: "b")])
                    try await repositories.sessions.create(
                        WebSession(
                            tokenHash: "session-\(account.email)", userID: account.id, csrfToken: "c", createdAt: Make.time,
                            lastSeenAt: Make.time))
                }
            }
            #expect(try await store.write { try await $0.accounts.delete(ann.id) })
            let (annsSummary, annsSession, bobsSummary) = try await store.read { repositories in
                (
                    try await repositories.records(of: ann.id).summary(),
                    try await repositories.sessions.find(tokenHash: "session-ann@example.com"),
                    try await repositories.records(of: bob.id).summary()
                )
            }
            #expect(annsSummary.isEmpty)
            #expect(annsSession == nil)
            #expect(bobsSummary.total.count == 2)
            #expect(try await store.write { try await $0.accounts.delete(ann.id) } == false)
        }
    }

    @Test(arguments: TestStores.kinds)
    func sessionsAreFoundTouchedAndEndedEverywhere(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let ann = try Make.account("ann@example.com")
            try await store.write { repositories in
                try await repositories.accounts.create(ann)
                for hash in ["one", "two"] {
                    try await repositories.sessions.create(
                        WebSession(
                            tokenHash: hash, userID: ann.id, csrfToken: "csrf-\(hash)", createdAt: Make.time,
                            lastSeenAt: Make.time))
                }
                try await repositories.sessions.touch(tokenHash: "one", at: Make.time + 600)
            }
            let one = try await store.read { try await $0.sessions.find(tokenHash: "one") }
            #expect(one?.lastSeenAt == Make.time + 600)
            #expect(one?.csrfToken == "csrf-one")
            #expect(try await store.write { try await $0.sessions.deleteIdle(before: Make.time + 300) } == 1)
            #expect(try await store.write { try await $0.sessions.deleteAll(for: ann.id) } == 1)
            #expect(try await store.read { try await $0.sessions.find(tokenHash: "one") } == nil)
        }
    }

    @Test(arguments: TestStores.kinds)
    func tokenFamiliesAreRevokedTogether(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let ann = try Make.account("ann@example.com")
            let family = UUID()
            let other = UUID()
            @Sendable func token(_ hash: String, _ kind: AuthToken.Kind, _ family: UUID) -> AuthToken {
                AuthToken(
                    tokenHash: hash, userID: ann.id, kind: kind, familyID: family, createdAt: Make.time,
                    expiresAt: Make.time + 900)
            }
            try await store.write { repositories in
                try await repositories.accounts.create(ann)
                try await repositories.authTokens.insert([
                    token("a1", .access, family), token("r1", .refresh, family), token("a2", .access, other),
                ])
                try await repositories.authTokens.revokeFamily(family, at: Make.time + 10)
            }
            let (a1, r1, a2) = try await store.read { repositories in
                (
                    try await repositories.authTokens.find(tokenHash: "a1"),
                    try await repositories.authTokens.find(tokenHash: "r1"),
                    try await repositories.authTokens.find(tokenHash: "a2")
                )
            }
            #expect(a1?.revokedAt == Make.time + 10)
            #expect(r1?.kind == .refresh)
            #expect(r1?.isUsable(at: Make.time) == false)
            #expect(a2?.isUsable(at: Make.time) == true)
            try await store.write { try await $0.authTokens.revokeAll(for: ann.id, at: Make.time + 20) }
            #expect(try await store.read { try await $0.authTokens.find(tokenHash: "a2")?.revokedAt } == Make.time + 20)
            #expect(try await store.write { try await $0.authTokens.deleteExpired(before: Make.time + 1_000) } == 3)
        }
    }

    @Test(arguments: TestStores.kinds)
    func loginFailuresPersistPerKey(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let record = LoginFailureRecord(failures: 5, windowStart: Make.time, lockedUntil: Make.time + 900)
            try await store.write { try await $0.loginThrottle.save(record, for: "account:x") }
            try await store.write {
                try await $0.loginThrottle.save(LoginFailureRecord(failures: 1, windowStart: Make.time), for: "address:y")
            }
            #expect(try await store.read { try await $0.loginThrottle.record(for: "account:x") } == record)
            try await store.write { try await $0.loginThrottle.clear("account:x") }
            #expect(try await store.read { try await $0.loginThrottle.record(for: "account:x") } == nil)
            #expect(try await store.read { try await $0.loginThrottle.record(for: "address:y") }?.failures == 1)
            try await store.write {
                try await $0.loginThrottle.save(
                    LoginFailureRecord(failures: 5, windowStart: Make.time, lockedUntil: Make.time + 900), for: "locked")
            }
            #expect(
                try await store.write { try await $0.loginThrottle.deleteStale(before: Make.time + 60) } == 1,
                "only the unlocked old record")
            #expect(try await store.read { try await $0.loginThrottle.record(for: "locked") } != nil)
        }
    }
}
