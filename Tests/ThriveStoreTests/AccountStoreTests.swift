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
    func theAppLockIsKeptPerPersonAndClosedPerSession(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let ann = try Make.account("ann@example.com")
            try await store.write { repositories in
                try await repositories.accounts.create(ann)
                for hash in ["phone", "laptop"] {
                    try await repositories.sessions.create(
                        WebSession(tokenHash: hash, userID: ann.id, csrfToken: "c", createdAt: Make.time, lastSeenAt: Make.time))
                }
            }
            #expect(try await store.read { try await $0.appLocks.find(for: ann.id) } == nil, "never set: the server's default")
            try await store.write {
                try await $0.appLocks.save(AppLock(idleMinutes: nil, pinHash: "hash"), for: ann.id, at: Make.time)
            }
            #expect(
                try await store.read { try await $0.appLocks.find(for: ann.id) } == AppLock(idleMinutes: nil, pinHash: "hash"))
            try await store.write { try await $0.appLocks.save(AppLock(idleMinutes: 5), for: ann.id, at: Make.time) }
            #expect(try await store.read { try await $0.appLocks.find(for: ann.id) } == AppLock(idleMinutes: 5))

            let failures = try await store.write { repositories in
                try await repositories.sessions.lock(tokenHash: "phone", at: Make.time + 60)
                try await repositories.sessions.lock(tokenHash: "phone", at: Make.time + 120)
                _ = try await repositories.sessions.failedUnlock(tokenHash: "phone")
                return try await repositories.sessions.failedUnlock(tokenHash: "phone")
            }
            #expect(failures == 2)
            let (phone, laptop) = try await store.read {
                (try await $0.sessions.find(tokenHash: "phone"), try await $0.sessions.find(tokenHash: "laptop"))
            }
            #expect(phone?.lockedAt == Make.time + 60, "locked once: the first time stands")
            #expect(phone?.unlockFailures == 2)
            #expect(laptop?.lockedAt == nil, "the other browser stays open")
            try await store.write { try await $0.sessions.unlock(tokenHash: "phone", at: Make.time + 300) }
            let opened = try await store.read { try await $0.sessions.find(tokenHash: "phone") }
            #expect(opened?.lockedAt == nil)
            #expect(opened?.unlockFailures == 0)
            #expect(opened?.lastSeenAt == Make.time + 300)
            #expect(try await store.write { try await $0.accounts.delete(ann.id) })
            #expect(try await store.read { try await $0.appLocks.find(for: ann.id) } == nil, "gone with the account")
        }
    }

    /// Deleting a person deletes every row that names them because every such column refers to
    /// `users` with ON DELETE CASCADE: read from the schema itself, so a table added later is held
    /// to it too.
    @Test(arguments: TestStores.kinds)
    func everyColumnThatNamesAPersonCascadesFromTheirAccount(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let personColumns: Set = ["owner_id", "user_id", "member_id", "creator_id"]
            let (columns, cascades) = try await store.database.read { sql -> ([String], Set<String>) in
                switch kind {
                case .sqlite:
                    let tables = try await sql.raw("SELECT name FROM sqlite_master WHERE type = 'table'").all()
                        .map { try $0.decode(column: "name", as: String.self) }
                    var columns: [String] = []
                    var cascades: Set<String> = []
                    for table in tables {
                        for row in try await sql.raw("SELECT name FROM pragma_table_info(\(bind: table))").all() {
                            let name = try row.decode(column: "name", as: String.self)
                            if personColumns.contains(name) { columns.append("\(table).\(name)") }
                        }
                        for row in try await sql.raw(
                            "SELECT \"from\" AS col, \"table\" AS ref, on_delete FROM pragma_foreign_key_list(\(bind: table))"
                        ).all()
                        where try row.decode(column: "ref", as: String.self) == "users"
                            && row.decode(column: "on_delete", as: String.self) == "CASCADE"
                        {
                            cascades.insert("\(table).\(try row.decode(column: "col", as: String.self))")
                        }
                    }
                    return (columns, cascades)
                case .postgres:
                    let columns = try await sql.raw(
                        """
                        SELECT table_name || '.' || column_name AS name FROM information_schema.columns
                        WHERE table_schema = current_schema() AND column_name IN ('owner_id', 'user_id', 'member_id', 'creator_id')
                        """
                    ).all().map { try $0.decode(column: "name", as: String.self) }
                    let cascades = try await sql.raw(
                        """
                        SELECT k.table_name || '.' || k.column_name AS name FROM information_schema.key_column_usage k
                        JOIN information_schema.referential_constraints r
                            ON r.constraint_name = k.constraint_name AND r.constraint_schema = k.constraint_schema
                        JOIN information_schema.constraint_column_usage u
                            ON u.constraint_name = k.constraint_name AND u.constraint_schema = k.constraint_schema
                        WHERE k.table_schema = current_schema() AND u.table_name = 'users' AND r.delete_rule = 'CASCADE'
                        """
                    ).all().map { try $0.decode(column: "name", as: String.self) }
                    // PostgreSQL: samples' foreign key is a statement-level check and a trigger on
                    // `users` (bulk imports, issue 25); the trigger is the cascade.
                    let trigger = try await sql.raw(
                        """
                        SELECT COUNT(*) AS n FROM information_schema.triggers
                        WHERE trigger_name = 'users_delete_quantity_samples' AND event_object_table = 'users'
                            AND event_manipulation = 'DELETE'
                        """
                    ).first()?.decode(column: "n", as: Int.self)
                    return (columns, Set(cascades + (trigger == 1 ? ["quantity_samples.owner_id"] : [])))
                }
            }
            // A member's badge names the creator's space it was earned in: the member's, kept when
            // the creator leaves (the id then names no one). A lab's kit outlives the person who
            // registered it, its owner set to null (their results and label photo go with them).
            let kept: Set = ["creator_badge_awards.creator_id", "test_kits.owner_id"]
            #expect(columns.count >= 30)
            #expect(
                columns.filter { !cascades.contains($0) && !kept.contains($0) }.sorted() == [],
                "columns naming a person that would outlive them")
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
            let record = LoginFailureRecord(failures: 5, lastFailureAt: Make.time)
            try await store.write { try await $0.loginThrottle.save(record, for: "account:x") }
            try await store.write {
                try await $0.loginThrottle.save(LoginFailureRecord(failures: 1, lastFailureAt: Make.time + 120), for: "address:y")
            }
            #expect(try await store.write { try await $0.loginThrottle.claim("account:x") } == record)
            try await store.write { try await $0.loginThrottle.save(nil, for: "account:x") }
            #expect(try await store.write { try await $0.loginThrottle.claim("account:x") } == nil)
            #expect(try await store.write { try await $0.loginThrottle.claim("address:y") }?.failures == 1)
            #expect(try await store.write { try await $0.loginThrottle.claim("nobody") } == nil)
            try await store.write {
                try await $0.loginThrottle.save(LoginFailureRecord(failures: 2, lastFailureAt: Make.time - 86_400), for: "old")
            }
            #expect(
                try await store.write { try await $0.loginThrottle.deleteStale(before: Make.time + 60) } >= 1,
                "the record last failed before the cut-off")
            #expect(try await store.write { try await $0.loginThrottle.claim("address:y") } != nil, "a later one stays")
        }
    }

    /// Thirty sign-ins at once each read the count and write it back one higher: with the key's row
    /// held for the transaction, none of them reads a count another is about to change (without it,
    /// PostgreSQL's read-committed transactions lose most of the thirty).
    @Test(arguments: TestStores.kinds)
    func parallelAttemptsEachCountOnce(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let policy = LoginThrottlePolicy()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for attempt in 0..<30 {
                    group.addTask {
                        try await store.write { repositories in
                            let record = try await repositories.loginThrottle.claim("account:ann")
                            // Give the others time to read the same row if nothing held it.
                            try await Task.sleep(for: .milliseconds(5))
                            try await repositories.loginThrottle.save(
                                policy.recordingFailure(record, now: Make.time + Double(attempt)), for: "account:ann")
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await store.write { try await $0.loginThrottle.claim("account:ann") }?.failures == 30)
        }
    }

    @Test(arguments: TestStores.kinds)
    func knownDevicesBelongToOnePersonAndAreForgotten(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let ann = try Make.account("ann@example.com")
            let bob = try Make.account("bob@example.com")
            try await store.write { repositories in
                try await repositories.accounts.create(ann)
                try await repositories.accounts.create(bob)
                try await repositories.knownDevices.remember(tokenHash: "phone", for: ann.id, at: Make.time)
                try await repositories.knownDevices.remember(tokenHash: "laptop", for: ann.id, at: Make.time + 86_400)
                try await repositories.knownDevices.remember(tokenHash: "bobs", for: bob.id, at: Make.time)
            }
            #expect(try await store.read { try await $0.knownDevices.owner(tokenHash: "phone") } == ann.id)
            #expect(try await store.read { try await $0.knownDevices.owner(tokenHash: "nothing") } == nil)
            #expect(try await store.write { try await $0.knownDevices.forgetUnused(before: Make.time + 60) } == 2)
            #expect(try await store.read { try await $0.knownDevices.owner(tokenHash: "laptop") } == ann.id)
            #expect(try await store.write { try await $0.knownDevices.forgetAll(for: ann.id) } == 1)
            #expect(try await store.read { try await $0.knownDevices.owner(tokenHash: "laptop") } == nil)
        }
    }

    /// The apps still signed in: a family with a live refresh token, named by its first and latest
    /// tokens; a revoked or expired family is not listed, and one person never sees another's.
    @Test(arguments: TestStores.kinds)
    func signedInAppsAreFamiliesWithALiveRefreshToken(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let ann = try Make.account("ann@example.com")
            let bob = try Make.account("bob@example.com")
            let (phone, tablet, old, bobs) = (UUID(), UUID(), UUID(), UUID())
            @Sendable func token(_ hash: String, _ kind: AuthToken.Kind, _ family: UUID, at offset: TimeInterval, owner: Account)
                -> AuthToken
            {
                AuthToken(
                    tokenHash: hash, userID: owner.id, kind: kind, familyID: family, createdAt: Make.time + offset,
                    expiresAt: Make.time + offset + (kind == .refresh ? 7 * 86_400 : 900))
            }
            try await store.write { repositories in
                try await repositories.accounts.create(ann)
                try await repositories.accounts.create(bob)
                try await repositories.authTokens.insert([
                    token("p1", .refresh, phone, at: 0, owner: ann), token("p2", .refresh, phone, at: 3_600, owner: ann),
                    token("t1", .refresh, tablet, at: 60, owner: ann), token("o1", .refresh, old, at: -8 * 86_400, owner: ann),
                    token("b1", .refresh, bobs, at: 0, owner: bob),
                ])
                try await repositories.authTokens.revokeFamily(tablet, at: Make.time + 120)
            }
            let families = try await store.read { try await $0.authTokens.families(for: ann.id, at: Make.time + 7_200) }
            #expect(families.map(\.id) == [phone])
            #expect(families.first?.createdAt == Make.time)
            #expect(families.first?.lastUsedAt == Make.time + 3_600)
            #expect(try await store.write { try await $0.authTokens.revokeFamily(bobs, of: ann.id, at: Make.time) } == false)
            #expect(try await store.write { try await $0.authTokens.revokeFamily(phone, of: ann.id, at: Make.time) } == true)
            #expect(try await store.read { try await $0.authTokens.families(for: ann.id, at: Make.time + 7_200) }.isEmpty)
        }
    }

    /// A passkey belongs to one person: registering the same credential twice is a conflict, and
    /// another person can neither rename nor remove it; deleting the account deletes its passkeys.
    @Test(arguments: TestStores.kinds)
    func passkeysAreEachOnePersonsAndGoWithTheAccount(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let ann = try Make.account("ann@example.com")
            let bob = try Make.account("bob@example.com")
            let phone = Passkey(
                credentialID: "cred-phone", userID: ann.id, name: "Phone", publicKey: "pQECAyYgASFYIA", signCount: 0,
                createdAt: Make.time)
            try await store.write { repositories in
                try await repositories.accounts.create(ann)
                try await repositories.accounts.create(bob)
                try await repositories.passkeys.add(phone)
            }
            await #expect(throws: StoreError.conflict("credential")) {
                try await store.write { try await $0.passkeys.add(phone) }
            }
            try await store.write { try await $0.passkeys.used(credentialID: "cred-phone", signCount: 12, at: Make.time + 60) }
            let found = try await store.read { try await $0.passkeys.find(credentialID: "cred-phone") }
            #expect(found?.signCount == 12)
            #expect(found?.lastUsedAt == Make.time + 60)
            #expect(
                try await store.write { try await $0.passkeys.rename(credentialID: "cred-phone", of: bob.id, to: "Mine") }
                    == false)
            #expect(try await store.write { try await $0.passkeys.remove(credentialID: "cred-phone", of: bob.id) } == false)
            #expect(try await store.write { try await $0.passkeys.rename(credentialID: "cred-phone", of: ann.id, to: "Pixel") })
            #expect(try await store.read { try await $0.passkeys.all(for: ann.id) }.map(\.name) == ["Pixel"])
            #expect(try await store.write { try await $0.accounts.delete(ann.id) })
            #expect(try await store.read { try await $0.passkeys.find(credentialID: "cred-phone") } == nil)
        }
    }

    @Test(arguments: TestStores.kinds)
    func aProviderAccountOpensOneThriveAccountAndGoesWithIt(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let ann = try Make.account("ann@example.com")
            let bob = try Make.account("bob@example.com")
            let google = LinkedIdentity(
                provider: .google, subject: "1001", userID: ann.id, email: "ann@gmail.com", linkedAt: Make.time)
            try await store.write { repositories in
                try await repositories.accounts.create(ann)
                try await repositories.accounts.create(bob)
                try await repositories.accountIdentities.link(google)
            }
            #expect(try await store.read { try await $0.accountIdentities.owner(.google, subject: "1001") } == ann.id)
            #expect(try await store.read { try await $0.accountIdentities.owner(.apple, subject: "1001") } == nil)
            await #expect(throws: StoreError.conflict("identity"), "the same Google account for Bob") {
                try await store.write {
                    try await $0.accountIdentities.link(
                        LinkedIdentity(provider: .google, subject: "1001", userID: bob.id, email: nil, linkedAt: Make.time))
                }
            }
            await #expect(throws: StoreError.conflict("identity"), "a second Google account for Ann") {
                try await store.write {
                    try await $0.accountIdentities.link(
                        LinkedIdentity(provider: .google, subject: "2002", userID: ann.id, email: nil, linkedAt: Make.time))
                }
            }
            #expect(try await store.read { try await $0.accountIdentities.all(for: ann.id) } == [google])
            #expect(!(try await store.write { try await $0.accountIdentities.unlink(.apple, of: ann.id) }))
            #expect(!(try await store.write { try await $0.accountIdentities.unlink(.google, of: bob.id) }))
            try await store.write {
                try await $0.accountIdentities.link(
                    LinkedIdentity(provider: .apple, subject: "000.a", userID: ann.id, email: nil, linkedAt: Make.time))
            }
            #expect(try await store.write { try await $0.accounts.delete(ann.id) })
            #expect(try await store.read { try await $0.accountIdentities.owner(.google, subject: "1001") } == nil)
            #expect(try await store.read { try await $0.accountIdentities.owner(.apple, subject: "000.a") } == nil)
        }
    }
}
