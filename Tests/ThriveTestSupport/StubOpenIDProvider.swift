import Crypto
import CryptoExtras
import Foundation
import HTTPTypes
import Hummingbird
import JWTKit
import ThriveCore

/// Google and Apple as OpenID Connect providers on 127.0.0.1, each under `/<provider>` (its issuer
/// is `http://127.0.0.1:PORT/google`): discovery, an authorization page that consents at once as
/// the person the test chose (or refuses), a token endpoint that checks the client's credentials —
/// Google's shared secret, Apple's ES256 client-secret JWT — the redirect URI, the single use of
/// each code and the PKCE verifier, and a JWKS. ID tokens are signed RS256 with a fresh 2048-bit
/// key, as both providers sign theirs. Tests can rotate the key, or make the next token wrong in
/// one way (audience, expiry, nonce, issuer, an unknown signing key).
public actor StubOpenIDProvider {
    public struct Person: Sendable {
        public var subject: String
        public var email: String?
        public var emailVerified: Bool
        public var name: String?

        public init(subject: String, email: String?, emailVerified: Bool = true, name: String? = nil) {
            self.subject = subject
            self.email = email
            self.emailVerified = emailVerified
            self.name = name
        }
    }

    /// One thing wrong with the next ID token.
    public enum Tamper: Sendable {
        case audience(String)
        case expiresAfter(TimeInterval)
        case nonce(String)
        case issuer(String)
        /// Signed with a key the JWKS does not list.
        case foreignKey
    }

    struct Grant {
        let provider: String
        let clientID: String
        let challenge: String
        let redirectURI: String
        let nonce: String
        let person: Person
    }

    public nonisolated let port: Int
    public nonisolated let googleClientID = "thrive-google.apps.example"
    public nonisolated let googleSecret = "stub-google-secret-\(UUID().uuidString.prefix(8))"
    public nonisolated let appleClientID = "org.thrive.signin"
    public nonisolated let appleTeamID = "TEAM123456"
    public nonisolated let appleKeyID = "KEY7654321"
    /// The .p8 key Thrive signs Apple's client secret with (the stub checks with its public half).
    public nonisolated let appleKeyPEM: String
    private let appleKey: P256.Signing.PrivateKey
    private let now: Now

    private var signingKey: JWTKit.Insecure.RSA.PrivateKey
    private var keyID = "stub-1"
    private var person = Person(subject: "1001", email: "ann@example.org", name: "Ann Example")
    private var refuses = false
    private var tamper: Tamper?
    private var codes: [String: Grant] = [:]
    /// Every request's method and path: never a code, token or secret.
    public private(set) var log: [String] = []
    public private(set) var refusedExchanges: [String] = []

    public nonisolated func issuer(_ provider: SocialProvider) -> String { "http://127.0.0.1:\(port)/\(provider.rawValue)" }

    init(port: Int, now: Now) throws {
        self.port = port
        self.now = now
        appleKey = P256.Signing.PrivateKey()
        appleKeyPEM = appleKey.pemRepresentation
        signingKey = try JWTKit.Insecure.RSA.PrivateKey(backing: _RSA.Signing.PrivateKey(keySize: .bits2048))
    }

    /// Who consents at the provider next.
    public func signInAs(_ person: Person) { self.person = person }
    public func refuseConsent(_ refuses: Bool) { self.refuses = refuses }
    public func tamperNextToken(_ tamper: Tamper) { self.tamper = tamper }

    /// A new signing key under a new id, as providers rotate theirs.
    public func rotateKey() throws {
        signingKey = try JWTKit.Insecure.RSA.PrivateKey(backing: _RSA.Signing.PrivateKey(keySize: .bits2048))
        keyID = "stub-\(UUID().uuidString.prefix(6))"
    }

    public static func run<T: Sendable>(
        now: Now = .system, _ body: @Sendable (StubOpenIDProvider) async throws -> T
    ) async throws -> T {
        try await LocalServer.runStub(
            make: { try StubOpenIDProvider(port: $0, now: now) },
            handle: { stub, request in
                await stub.handle(
                    method: request.method, path: request.path, query: request.query,
                    form: StubDeviceProviders.form(request.body))
            }, body)
    }

    /// The authorization page as a browser meets it: for Google a redirect back (its Location), for
    /// Apple's `form_post` a page whose form posts back (its action and fields).
    public enum Consent: Sendable {
        case redirect(String)
        case formPost(action: String, fields: [(String, String)])
    }

    public func consent(at url: String) throws -> Consent {
        guard let components = URLComponents(string: url) else { throw StubError.badURL }
        var query: [String: String] = [:]
        for item in components.queryItems ?? [] { query[item.name] = item.value ?? "" }
        return try authorize(path: components.path, query: query)
    }

    public enum StubError: Error {
        case badURL
        case refused(String)
    }

    typealias Answer = StubAnswer

    func handle(method: String, path: String, query: [String: String], form: [String: String]) async -> Answer {
        log.append("\(method) \(path)")
        let parts = path.split(separator: "/").map(String.init)
        guard parts.count >= 2, let provider = SocialProvider(rawValue: parts[0]) else { return Answer(status: 404, body: "{}") }
        switch (method, parts.dropFirst().joined(separator: "/")) {
        case ("GET", ".well-known/openid-configuration"):
            let base = issuer(provider)
            return json([
                "issuer": base, "authorization_endpoint": base + "/authorize", "token_endpoint": base + "/token",
                "jwks_uri": base + "/keys",
            ])
        case ("GET", "keys"):
            guard let (modulus, exponent) = try? signingKey.publicKey.getKeyPrimitives() else { return Answer(status: 500) }
            let key: [String: String] = [
                "kty": "RSA", "kid": keyID, "use": "sig", "alg": "RS256", "n": modulus.base64URLEncoded,
                "e": exponent.base64URLEncoded,
            ]
            let data = try! JSONSerialization.data(withJSONObject: ["keys": [key]])
            return Answer(body: String(decoding: data, as: UTF8.self))
        case ("GET", "authorize"):
            do {
                switch try authorize(path: path, query: query) {
                case .redirect(let location): return Answer(status: 302, headers: [("Location", location)])
                case .formPost(let action, let fields):
                    let inputs = fields.map { #"<input type="hidden" name="\#($0.0)" value="\#(Self.escape($0.1))">"# }.joined()
                    return Answer(
                        headers: [("Content-Type", "text/html; charset=utf-8")],
                        body:
                            #"<!doctype html><body onload="document.forms[0].submit()"><form method="post" action="\#(action)">\#(inputs)<button>Continue</button></form></body>"#
                    )
                }
            } catch {
                return Answer(status: 400, body: #"{"error":"invalid_request"}"#)
            }
        case ("POST", "token"):
            return await token(provider, form)
        default:
            return Answer(status: 404, body: "{}")
        }
    }

    private func authorize(path: String, query: [String: String]) throws -> Consent {
        guard let provider = path.split(separator: "/").first.flatMap({ SocialProvider(rawValue: String($0)) }),
            let redirect = query["redirect_uri"], let state = query["state"], let nonce = query["nonce"],
            let challenge = query["code_challenge"], query["code_challenge_method"] == "S256", query["response_type"] == "code",
            query["client_id"] == clientID(provider), query["scope"]?.split(separator: " ").contains("openid") == true
        else { throw StubError.refused("authorization request") }
        var fields = [("state", state)]
        if refuses {
            fields.insert(("error", "access_denied"), at: 0)
        } else {
            let code = "code-\(UUID().uuidString)"
            codes[code] = Grant(
                provider: provider.rawValue, clientID: clientID(provider), challenge: challenge, redirectURI: redirect,
                nonce: nonce, person: person)
            fields.insert(("code", code), at: 0)
            // Apple sends the name once, as JSON beside the code.
            if provider == .apple, let name = person.name {
                let split = name.split(separator: " ", maxSplits: 1).map(String.init)
                let user = ["name": ["firstName": split.first ?? "", "lastName": split.count > 1 ? split[1] : ""]]
                fields.append(("user", String(decoding: try JSONSerialization.data(withJSONObject: user), as: UTF8.self)))
            }
        }
        if query["response_mode"] == "form_post" { return .formPost(action: redirect, fields: fields) }
        var back = URLComponents(string: redirect)!
        back.queryItems = fields.map { URLQueryItem(name: $0.0, value: $0.1) }
        return .redirect(back.string!)
    }

    private func token(_ provider: SocialProvider, _ form: [String: String]) async -> Answer {
        func refuse(_ why: String) -> Answer {
            refusedExchanges.append(why)
            return Answer(status: 400, body: #"{"error":"invalid_grant"}"#)
        }
        guard form["grant_type"] == "authorization_code", let code = form["code"], let grant = codes.removeValue(forKey: code),
            grant.provider == provider.rawValue
        else { return refuse("code") }
        guard form["redirect_uri"] == grant.redirectURI else { return refuse("redirect_uri") }
        guard form["client_id"] == grant.clientID, await clientAuthenticated(provider, form["client_secret"]) else {
            return Answer(status: 401, body: #"{"error":"invalid_client"}"#)
        }
        guard let verifier = form["code_verifier"], pkceMatches(verifier, grant.challenge) else { return refuse("verifier") }
        var claims = IDToken(
            iss: issuer(provider), sub: grant.person.subject, aud: grant.clientID,
            exp: Int(now().timeIntervalSince1970) + 3_600, iat: Int(now().timeIntervalSince1970), nonce: grant.nonce,
            email: grant.person.email, emailVerified: grant.person.emailVerified ? "true" : "false", name: grant.person.name,
            appleStyle: provider == .apple)
        var key = signingKey
        let kid = keyID
        switch tamper {
        case .audience(let audience)?: claims.aud = audience
        case .expiresAfter(let seconds)?: claims.exp = Int(now().timeIntervalSince1970 + seconds)
        case .nonce(let nonce)?: claims.nonce = nonce
        case .issuer(let issuer)?: claims.iss = issuer
        case .foreignKey?:
            key = (try? JWTKit.Insecure.RSA.PrivateKey(backing: _RSA.Signing.PrivateKey(keySize: .bits2048))) ?? key
        case nil: break
        }
        tamper = nil
        let keys = JWTKeyCollection()
        await keys.add(rsa: key, digestAlgorithm: .sha256, kid: JWKIdentifier(string: kid))
        guard let idToken = try? await keys.sign(claims, kid: JWKIdentifier(string: kid)) else { return Answer(status: 500) }
        return json([
            "access_token": "at-\(UUID().uuidString)", "token_type": "Bearer", "expires_in": "3600", "id_token": idToken,
        ])
    }

    private func clientAuthenticated(_ provider: SocialProvider, _ secret: String?) async -> Bool {
        guard let secret else { return false }
        switch provider {
        case .google:
            return secret == googleSecret
        case .apple:
            // Apple's client secret: ES256, kid the key id, issued by the team, for the issuer, about the client.
            struct ClientAssertion: JWTPayload {
                let iss: String
                let iat: Int
                let exp: Int
                let aud: String
                let sub: String
                func verify(using algorithm: some JWTAlgorithm) async throws {}
            }
            let keys = JWTKeyCollection()
            guard let publicKey = try? ES256PublicKey(pem: appleKey.publicKey.pemRepresentation) else { return false }
            await keys.add(ecdsa: publicKey, kid: JWKIdentifier(string: appleKeyID))
            guard let assertion = try? await keys.verify(secret, as: ClientAssertion.self) else { return false }
            let time = Int(now().timeIntervalSince1970)
            return assertion.iss == appleTeamID && assertion.sub == appleClientID && assertion.aud == issuer(.apple)
                && assertion.exp > time && assertion.iat <= time + 60
        }
    }

    private nonisolated func clientID(_ provider: SocialProvider) -> String {
        provider == .google ? googleClientID : appleClientID
    }

    private func pkceMatches(_ verifier: String, _ challenge: String) -> Bool {
        Data(SHA256.hash(data: Data(verifier.utf8))).base64URLEncoded == challenge
    }

    private func json(_ object: [String: String]) -> Answer {
        Answer(body: String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self))
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;")
    }

    /// An ID token's claims as the providers write them: Google's `email_verified` a boolean, Apple's
    /// the string "true".
    struct IDToken: JWTPayload {
        var iss: String
        let sub: String
        var aud: String
        var exp: Int
        let iat: Int
        var nonce: String
        let email: String?
        let emailVerified: String
        let name: String?
        let appleStyle: Bool

        enum CodingKeys: String, CodingKey {
            case iss, sub, aud, exp, iat, nonce, email, name
            case emailVerified = "email_verified"
        }

        init(
            iss: String, sub: String, aud: String, exp: Int, iat: Int, nonce: String, email: String?, emailVerified: String,
            name: String?, appleStyle: Bool
        ) {
            (self.iss, self.sub, self.aud, self.exp, self.iat, self.nonce) = (iss, sub, aud, exp, iat, nonce)
            (self.email, self.emailVerified, self.name, self.appleStyle) = (email, emailVerified, name, appleStyle)
        }

        init(from decoder: any Decoder) throws {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "the stub only writes tokens"))
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(iss, forKey: .iss)
            try container.encode(sub, forKey: .sub)
            try container.encode(aud, forKey: .aud)
            try container.encode(exp, forKey: .exp)
            try container.encode(iat, forKey: .iat)
            try container.encode(nonce, forKey: .nonce)
            try container.encodeIfPresent(email, forKey: .email)
            if appleStyle {
                try container.encode(emailVerified, forKey: .emailVerified)
            } else {
                try container.encode(emailVerified == "true", forKey: .emailVerified)
                try container.encodeIfPresent(name, forKey: .name)
            }
        }

        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }
}
