import Foundation

/// The OpenID Connect providers a person may sign in with (spec 003 FR-004).
public enum SocialProvider: String, CaseIterable, Codable, Sendable {
    case google
    case apple

    /// The provider's own name, never translated.
    public var brand: String {
        switch self {
        case .google: "Google"
        case .apple: "Apple"
        }
    }

    /// The issuer its ID tokens name, where its discovery document lives.
    public var defaultIssuer: String {
        switch self {
        case .google: "https://accounts.google.com"
        case .apple: "https://appleid.apple.com"
        }
    }

    /// The issuer strings a token may carry for `issuer`: Google also writes its host without the
    /// scheme (its OpenID Connect guide says to accept both).
    public func acceptedIssuers(_ issuer: String) -> [String] {
        guard self == .google, issuer.hasPrefix("https://") else { return [issuer] }
        return [issuer, String(issuer.dropFirst("https://".count))]
    }
}

/// A provider account tied to a Thrive account: signing in with it signs in to that account.
public struct LinkedIdentity: Hashable, Sendable {
    public let provider: SocialProvider
    /// The provider's id for the person (`sub`), stable even when their e-mail changes.
    public let subject: String
    public let userID: UserID
    /// The address the provider gave when it was linked, to show which account it is.
    public let email: String?
    public let linkedAt: Date

    public init(provider: SocialProvider, subject: String, userID: UserID, email: String?, linkedAt: Date) {
        self.provider = provider
        self.subject = subject
        self.userID = userID
        self.email = email
        self.linkedAt = linkedAt
    }
}

/// What an ID token says, read after its signature was checked.
public struct IDTokenClaims: Sendable, Equatable {
    public var issuer: String
    public var subject: String
    public var audiences: [String]
    public var expires: Date
    public var issuedAt: Date?
    public var nonce: String?
    public var email: String?
    public var emailVerified: Bool

    public init(
        issuer: String, subject: String, audiences: [String], expires: Date, issuedAt: Date? = nil, nonce: String? = nil,
        email: String? = nil, emailVerified: Bool = false
    ) {
        self.issuer = issuer
        self.subject = subject
        self.audiences = audiences
        self.expires = expires
        self.issuedAt = issuedAt
        self.nonce = nonce
        self.email = email
        self.emailVerified = emailVerified
    }
}

/// Why an ID token with a good signature is still not accepted (OpenID Connect Core §3.1.3.7).
public enum IDTokenProblem: Error, Equatable, Sendable {
    case wrongIssuer
    case wrongAudience
    case expired
    case issuedInTheFuture
    case wrongNonce
    case noSubject
}

/// The checks of an ID token's claims, apart from its signature.
public enum IDTokenRules {
    /// Clocks differ: a token is taken up to a minute past its `exp`, and one issued up to a minute
    /// "in the future". Longer would widen a stolen token's use for no benefit.
    public static let clockSkew: TimeInterval = 60

    public static func check(
        _ claims: IDTokenClaims, provider: SocialProvider, issuer: String, clientID: String, nonce: String, now: Date
    ) throws(IDTokenProblem) {
        guard provider.acceptedIssuers(issuer).contains(claims.issuer) else { throw .wrongIssuer }
        guard claims.audiences.contains(clientID) else { throw .wrongAudience }
        guard now < claims.expires + clockSkew else { throw .expired }
        if let issuedAt = claims.issuedAt, issuedAt > now + clockSkew { throw .issuedInTheFuture }
        // The nonce binds the token to this browser's sign-in: one replayed from elsewhere fails.
        guard let sent = claims.nonce, sent == nonce else { throw .wrongNonce }
        guard !claims.subject.isEmpty else { throw .noSubject }
    }
}

/// What a sign-in or link with a provider leads to (spec 003 FR-004, FR-005, FR-088, FR-089).
public enum SocialSignInOutcome: Equatable, Sendable {
    /// The provider account is linked: sign in to its Thrive account.
    case signIn(UserID)
    /// Nobody here has this provider account or its e-mail: a new Thrive account is made.
    case createAccount
    /// An account already has this e-mail (FR-089): it is not taken over on the provider's word;
    /// the person proves the password to link, or gives another address for a new account.
    case conflict(UserID)
    /// The provider gave no address it vouches for: the person gives one for the new account.
    case needsEmail
    /// Linking from Profile: tie it to this account.
    case link(UserID)
    case alreadyLinkedHere
    /// Another Thrive account has this provider account.
    case linkedElsewhere
    /// This account has another account of the same provider; unlink that one first.
    case providerTaken
    /// The app lock opened by the provider account linked to the locked session's person.
    case unlock(UserID)
    /// The app lock asked for this person's provider account and got someone else's.
    case notYours
}

public enum SocialSignIn {
    public enum Intent: Codable, Equatable, Sendable {
        case signIn
        case link(UserID)
        /// Opening the app lock of this person's session (spec 001's re-authentication).
        case unlock(UserID)
    }

    /// - Parameters:
    ///   - owner: the account the provider account is linked to, if any.
    ///   - emailOwner: the account with the e-mail the provider vouched for, if any.
    ///   - hasProvider: for a link, whether the account already has one of this provider's.
    public static func outcome(
        _ intent: Intent, owner: UserID?, emailOwner: UserID?, emailVerified: Bool, hasProvider: Bool = false
    ) -> SocialSignInOutcome {
        switch intent {
        case .signIn:
            if let owner { return .signIn(owner) }
            if let emailOwner { return .conflict(emailOwner) }
            return emailVerified ? .createAccount : .needsEmail
        case .link(let account):
            if owner == account { return .alreadyLinkedHere }
            if owner != nil { return .linkedElsewhere }
            return hasProvider ? .providerTaken : .link(account)
        case .unlock(let account):
            return owner == account ? .unlock(account) : .notYours
        }
    }

    /// Whether a provider account may be unlinked: never the last way in (FR-088).
    public static func canUnlink(hasPassword: Bool, passkeys: Int, identities: Int) -> Bool {
        hasPassword || passkeys > 0 || identities > 1
    }
}
