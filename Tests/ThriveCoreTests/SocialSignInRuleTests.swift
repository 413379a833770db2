import Foundation
import Testing
import ThriveCore

@Suite("Sign in with Google and Apple: the rules")
struct SocialSignInRuleTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let good = IDTokenClaims(
        issuer: "https://accounts.google.com", subject: "1001", audiences: ["thrive.apps"], expires: now + 3_600,
        issuedAt: now, nonce: "n-1", email: "ann@example.org", emailVerified: true)

    static func check(_ claims: IDTokenClaims, provider: SocialProvider = .google) throws(IDTokenProblem) {
        try IDTokenRules.check(
            claims, provider: provider, issuer: provider.defaultIssuer, clientID: "thrive.apps", nonce: "n-1", now: now)
    }

    @Test func aTokenIsTakenUntilAMinutePastItsExpiry() throws {
        var claims = Self.good
        claims.expires = Self.now - 59
        try Self.check(claims)
        claims.expires = Self.now - 60
        #expect(throws: IDTokenProblem.expired) { try Self.check(claims) }
    }

    @Test func aTokenIssuedMoreThanAMinuteAheadIsRefused() throws {
        var claims = Self.good
        claims.issuedAt = Self.now + 60
        try Self.check(claims)
        claims.issuedAt = Self.now + 61
        #expect(throws: IDTokenProblem.issuedInTheFuture) { try Self.check(claims) }
    }

    @Test func issuerAudienceNonceAndSubjectMustBeTheExpectedOnes() throws {
        var claims = Self.good
        claims.issuer = "accounts.google.com"
        try Self.check(claims)
        #expect(throws: IDTokenProblem.wrongIssuer) {
            var apple = Self.good
            apple.issuer = "appleid.apple.com"
            try Self.check(apple, provider: .apple)
        }
        claims.issuer = "https://accounts.google.com.evil.example"
        #expect(throws: IDTokenProblem.wrongIssuer) { try Self.check(claims) }
        claims = Self.good
        claims.audiences = ["another.apps", "thrive.apps"]
        try Self.check(claims)
        claims.audiences = ["another.apps"]
        #expect(throws: IDTokenProblem.wrongAudience) { try Self.check(claims) }
        claims = Self.good
        claims.nonce = nil
        #expect(throws: IDTokenProblem.wrongNonce) { try Self.check(claims) }
        claims.nonce = "n-2"
        #expect(throws: IDTokenProblem.wrongNonce) { try Self.check(claims) }
        claims = Self.good
        claims.subject = ""
        #expect(throws: IDTokenProblem.noSubject) { try Self.check(claims) }
    }

    @Test func whatASignInLeadsTo() {
        let ann = UserID(UUID())
        let bob = UserID(UUID())
        #expect(SocialSignIn.outcome(.signIn, owner: ann, emailOwner: bob, emailVerified: true) == .signIn(ann))
        #expect(SocialSignIn.outcome(.signIn, owner: nil, emailOwner: bob, emailVerified: true) == .conflict(bob))
        #expect(SocialSignIn.outcome(.signIn, owner: nil, emailOwner: nil, emailVerified: true) == .createAccount)
        #expect(SocialSignIn.outcome(.signIn, owner: nil, emailOwner: nil, emailVerified: false) == .needsEmail)
        #expect(SocialSignIn.outcome(.link(ann), owner: nil, emailOwner: bob, emailVerified: true) == .link(ann))
        #expect(SocialSignIn.outcome(.link(ann), owner: ann, emailOwner: nil, emailVerified: true) == .alreadyLinkedHere)
        #expect(SocialSignIn.outcome(.link(ann), owner: bob, emailOwner: nil, emailVerified: true) == .linkedElsewhere)
        #expect(
            SocialSignIn.outcome(.link(ann), owner: nil, emailOwner: nil, emailVerified: true, hasProvider: true)
                == .providerTaken)
    }

    @Test func theLastWayInCannotBeUnlinked() {
        #expect(!SocialSignIn.canUnlink(hasPassword: false, passkeys: 0, identities: 1))
        #expect(SocialSignIn.canUnlink(hasPassword: true, passkeys: 0, identities: 1))
        #expect(SocialSignIn.canUnlink(hasPassword: false, passkeys: 1, identities: 1))
        #expect(SocialSignIn.canUnlink(hasPassword: false, passkeys: 0, identities: 2))
    }
}
