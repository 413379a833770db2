import Crypto
import Foundation
import HTTPTypes
import Testing
import ThriveCore

@testable import ThriveWeb

/// Passkeys end to end through the router: a person adds one on the security page, names it,
/// signs in with it alone, renames and removes it; apps do the same through the API. The
/// authenticator is the software one of ``WebAuthnTests`` (real Chromium's virtual authenticator
/// is in the browser tests).
@Suite("Passkeys")
struct PasskeyTests {
    typealias Authenticator = WebAuthnTests.Authenticator
    static let site = "https://thrive.example.org"

    static func app(clock: TestClock = TestClock()) async throws -> TestApp {
        try await TestApp.make(configure: { $0.publicURL = site }, clock: clock)
    }

    struct Options: Decodable {
        struct Site: Decodable {
            let id: String
        }
        struct User: Decodable {
            let id: String
            let name: String
        }
        struct Parameter: Decodable {
            let alg: Int
        }
        struct Descriptor: Decodable {
            let id: String
        }
        let challenge: String
        let rp: Site?
        let rpId: String?
        let user: User?
        let pubKeyCredParams: [Parameter]?
        let excludeCredentials: [Descriptor]?
        let allowCredentials: [Descriptor]?
    }

    static func challenge(_ reply: Reply) throws -> [UInt8] {
        let options = try reply.decode(Options.self)
        return Array(try #require(Data(base64URLEncoded: options.challenge)))
    }

    static var jsonHeaders: HTTPFields { [.accept: "application/json"] }

    /// The page script's calls: JSON, with the page's form token.
    static func script(_ browser: Browser, _ path: String, _ body: String = "{}") async throws -> Reply {
        var headers = jsonHeaders
        headers[.csrfToken] = browser.pageToken
        return try await browser.json(.post, path, body, headers: headers)
    }

    static func registration(_ authenticator: Authenticator, challenge: [UInt8], origin: String = site) -> String {
        let client = Authenticator.clientData("webauthn.create", challenge: challenge, origin: origin)
        return """
            {"id":"\(Data(authenticator.credentialID).base64URLEncoded)",\
            "clientDataJSON":"\(Data(client).base64URLEncoded)",\
            "attestationObject":"\(Data(authenticator.attestationObject()).base64URLEncoded)"}
            """
    }

    static func assertion(
        _ authenticator: Authenticator, counter: UInt32, challenge: [UInt8], userHandle: String? = nil
    ) throws -> String {
        let (data, client, signature) = try authenticator.assert(counter: counter, challenge: challenge)
        return """
            {"id":"\(Data(authenticator.credentialID).base64URLEncoded)",\
            "clientDataJSON":"\(Data(client).base64URLEncoded)",\
            "authenticatorData":"\(Data(data).base64URLEncoded)",\
            "signature":"\(Data(signature).base64URLEncoded)",\
            "userHandle":\(userHandle.map { "\"\($0)\"" } ?? "null")}
            """
    }

    /// Signs up, opens the security page and adds `authenticator` as `name`.
    static func addPasskey(_ browser: Browser, _ authenticator: Authenticator, name: String = "Phone") async throws -> Reply {
        try await browser.get("/profile/security")
        let options = try await script(browser, "/profile/security/passkeys/options")
        #expect(options.status == .ok, "\(options.text)")
        return try await script(
            browser, "/profile/security/passkeys",
            #"{"name":"\#(name)","credential":\#(registration(authenticator, challenge: try challenge(options)))}"#)
    }

    @Test func aPersonAddsAPasskeyAndSignsInWithItAlone() async throws {
        let app = try await Self.app()
        try await app.test { browser in
            try await browser.signUp()
            try await browser.get("/profile/security")
            let options = try await Self.script(browser, "/profile/security/passkeys/options")
            let offered = try options.decode(Options.self)
            #expect(offered.rp?.id == "thrive.example.org")
            #expect(offered.user?.name == "ann@example.com")
            #expect(offered.pubKeyCredParams?.map(\.alg) == [-7, -8, -257], "ES256, EdDSA and RS256 offered")
            #expect(offered.excludeCredentials?.isEmpty == true)
            #expect(browser.cookie(PasskeyCeremony.cookieName) != nil, "the ceremony waits in an HttpOnly cookie")
            #expect(
                options.headers[values: .setCookie].contains {
                    $0.contains("HttpOnly") && $0.contains(PasskeyCeremony.cookieName)
                })

            let phone = Authenticator()
            let added = try await Self.script(
                browser, "/profile/security/passkeys",
                #"{"name":"  Phone  ","credential":\#(Self.registration(phone, challenge: Array(Data(base64URLEncoded: offered.challenge)!)))}"#
            )
            #expect(added.status == .created, "\(added.text)")
            #expect(browser.cookie(PasskeyCeremony.cookieName) == nil, "a ceremony is used once")
            let page = try await browser.get("/profile/security?done=passkeyAdded")
            #expect(page.text.contains("The passkey is added."))
            #expect(page.text.contains(#"<p class="signed-in-name">Phone</p>"#), "the name, trimmed")
            #expect(page.text.contains("not used yet"))

            // Another browser, no password: the passkey alone.
            let other = browser.fresh()
            try await other.get("/login")
            let request = try await Self.script(other, "/login/passkey/options")
            let asked = try request.decode(Options.self)
            #expect(asked.rpId == "thrive.example.org")
            #expect(asked.allowCredentials?.isEmpty == true, "any of the person's passkeys, found on the device")
            let signedIn = try await Self.script(
                other, "/login/passkey", try Self.assertion(phone, counter: 1, challenge: try Self.challenge(request)))
            #expect(signedIn.status == .ok, "\(signedIn.text)")
            #expect(signedIn.text.contains(#""redirect":"\/""#) || signedIn.text.contains(#""redirect":"/""#))
            #expect(other.cookie(KnownDevice.cookieName) != nil, "the device is remembered as after a password")
            let home = try await other.get("/profile/security")
            #expect(home.status == .ok)
            #expect(home.text.contains("last used"), "the passkey's last use is shown")
        }
    }

    @Test func aCopiedPasskeyWhoseCounterWentBackIsRefused() async throws {
        let app = try await Self.app()
        try await app.test { browser in
            try await browser.signUp()
            let phone = Authenticator()
            #expect(try await Self.addPasskey(browser, phone).status == .created)
            func signIn(counter: UInt32) async throws -> Reply {
                let other = browser.fresh()
                try await other.get("/login")
                let options = try await Self.script(other, "/login/passkey/options")
                return try await Self.script(
                    other, "/login/passkey", try Self.assertion(phone, counter: counter, challenge: try Self.challenge(options)))
            }
            #expect(try await signIn(counter: 7).status == .ok)
            let again = try await signIn(counter: 7)
            #expect(again.status == .unauthorized)
            #expect(again.error?.code == "passkey_copied")
            #expect(try await signIn(counter: 8).status == .ok)
        }
    }

    @Test func aCeremonyLastsFiveMinutes() async throws {
        let clock = TestClock()
        let app = try await Self.app(clock: clock)
        try await app.test { browser in
            try await browser.signUp()
            let phone = Authenticator()
            #expect(try await Self.addPasskey(browser, phone).status == .created)
            func signIn(after seconds: Double) async throws -> Reply {
                let other = browser.fresh()
                try await other.get("/login")
                let options = try await Self.script(other, "/login/passkey/options")
                clock.advance(seconds: seconds)
                return try await Self.script(
                    other, "/login/passkey",
                    try Self.assertion(
                        phone, counter: UInt32(clock.now.timeIntervalSince1970), challenge: try Self.challenge(options)))
            }
            #expect(try await signIn(after: 299).status == .ok)
            let late = try await signIn(after: 300)
            #expect(late.status == .badRequest)
            #expect(late.error?.code == "ceremony_expired")
            #expect(late.error?.message.contains("five minutes") == true)
        }
    }

    @Test func whatDoesNotCheckOutIsRefusedWithAReason() async throws {
        let app = try await Self.app()
        try await app.test { browser in
            try await browser.signUp()
            let phone = Authenticator()
            // Made on another site (a phishing page's origin in the client data).
            try await browser.get("/profile/security")
            let options = try await Self.script(browser, "/profile/security/passkeys/options")
            let phished = try await Self.script(
                browser, "/profile/security/passkeys",
                #"{"name":"Phone","credential":\#(Self.registration(phone, challenge: try Self.challenge(options), origin: "https://thrive-example.org"))}"#
            )
            #expect(phished.status == .unauthorized)
            #expect(phished.error?.code == "passkey_wrong_site")
            // No ceremony (its cookie gone).
            browser.setCookie(PasskeyCeremony.cookieName, nil)
            let orphan = try await Self.script(
                browser, "/profile/security/passkeys",
                #"{"name":"Phone","credential":\#(Self.registration(phone, challenge: try Self.challenge(options)))}"#)
            #expect(orphan.error?.code == "ceremony_expired")
            // Names: 1 to 60 characters.
            for (name, fine) in [
                ("", false), (String(repeating: "n", count: 61), false), (String(repeating: "n", count: 60), true),
            ] {
                var key = Authenticator()
                key.credentialID = Array(name.utf8.prefix(8)) + [UInt8(name.count)]
                let reply = try await Self.addPasskey(browser, key, name: name)
                #expect((reply.status == .created) == fine, "\(name.count) characters: \(reply.text)")
                if !fine { #expect(reply.error?.field == "name") }
            }
            #expect(try await Self.addPasskey(browser, phone).status == .created)
            let twice = try await Self.addPasskey(browser, phone)
            #expect(twice.status == .conflict)
            // Signing in with a passkey this server does not know.
            let other = browser.fresh()
            try await other.get("/login")
            let request = try await Self.script(other, "/login/passkey/options")
            var stranger = Authenticator()
            stranger.credentialID = Array(repeating: 9, count: 16)
            let unknown = try await Self.script(
                other, "/login/passkey", try Self.assertion(stranger, counter: 1, challenge: try Self.challenge(request)))
            #expect(unknown.status == .unauthorized)
            #expect(unknown.error?.code == "passkey_unknown")
            #expect(other.cookie("thrive_session") == nil)
            // A forged signature: the right passkey's id, another key's signature.
            let forged = Authenticator(credentialID: phone.credentialID)
            let request2 = try await Self.script(other, "/login/passkey/options")
            let refused = try await Self.script(
                other, "/login/passkey", try Self.assertion(forged, counter: 1, challenge: try Self.challenge(request2)))
            #expect(refused.error?.code == "passkey_refused")
        }
    }

    @Test func passkeysAreRenamedAndRemovedByTheirOwnerOnly() async throws {
        let app = try await Self.app()
        try await app.test { browser in
            try await browser.signUp()
            let phone = Authenticator()
            #expect(try await Self.addPasskey(browser, phone).status == .created)
            let id = Data(phone.credentialID).base64URLEncoded
            try await browser.get("/profile/security")
            let renamed = try await browser.followingRedirect(
                try await browser.post("/profile/security/passkeys/\(id)/rename", form: [("name", "Ann's phone")]))
            #expect(renamed.location == "/profile/security?done=passkeyRenamed")
            let page = try await browser.get("/profile/security")
            #expect(page.text.contains("Ann&#39;s phone"))
            let blank = try await browser.post("/profile/security/passkeys/\(id)/rename", form: [("name", " ")])
            #expect(blank.status == .unprocessableContent)
            #expect(blank.text.contains("1 to 60 characters"))

            let mallory = browser.fresh()
            try await mallory.signUp(email: "mallory@example.com")
            try await mallory.get("/profile/security")
            #expect(try await mallory.post("/profile/security/passkeys/\(id)/remove", form: []).status == .notFound)
            #expect(
                try await mallory.post("/profile/security/passkeys/\(id)/rename", form: [("name", "mine")]).status == .notFound)

            try await browser.get("/profile/security")
            let removed = try await browser.post("/profile/security/passkeys/\(id)/remove", form: [])
            #expect(removed.location == "/profile/security?done=passkeyRemoved")
            let other = browser.fresh()
            try await other.get("/login")
            let request = try await Self.script(other, "/login/passkey/options")
            let gone = try await Self.script(
                other, "/login/passkey", try Self.assertion(phone, counter: 1, challenge: try Self.challenge(request)))
            #expect(gone.error?.code == "passkey_unknown", "a removed passkey no longer signs in")
        }
    }

    @Test func appsRegisterAndSignInWithPasskeysThroughTheAPI() async throws {
        let app = try await Self.app()
        try await app.test { browser in
            try await browser.signUp()
            let tokens = try await browser.apiLogin()
            let ceremony = try await browser.json(.post, "/api/v1/account/passkeys/options", bearer: tokens.accessToken)
            #expect(ceremony.status == .ok, "\(ceremony.text)")
            struct Ceremony: Decodable {
                let publicKey: Options
                let ticket: String
            }
            let offered = try ceremony.decode(Ceremony.self)
            let phone = Authenticator()
            let registration = Self.registration(phone, challenge: Array(Data(base64URLEncoded: offered.publicKey.challenge)!))
            let added = try await browser.json(
                .post, "/api/v1/account/passkeys",
                #"{"ticket":"\#(offered.ticket)","name":"iPhone","credential":\#(registration)}"#, bearer: tokens.accessToken)
            #expect(added.status == .created, "\(added.text)")
            let id = Data(phone.credentialID).base64URLEncoded
            #expect(
                try await browser.json(
                    .patch, "/api/v1/account/passkeys/\(id)", #"{"name":"Work phone"}"#, bearer: tokens.accessToken
                )
                .status == .noContent)
            let list = try await browser.json(.get, "/api/v1/account/passkeys", bearer: tokens.accessToken)
            #expect(list.text.contains("Work phone"))
            #expect(!list.text.contains("publicKey"), "never the key")

            let signIn = try await browser.fresh().json(.post, "/api/v1/auth/passkey/options")
            let asked = try signIn.decode(Ceremony.self)
            let assertion = try Self.assertion(
                phone, counter: 1, challenge: Array(Data(base64URLEncoded: asked.publicKey.challenge)!),
                userHandle: PasskeyService.userHandle(UserID(UUID(uuidString: tokens.user?.id ?? "") ?? UUID())))
            let signedIn = try await browser.fresh().json(
                .post, "/api/v1/auth/passkey", #"{"ticket":"\#(asked.ticket)","credential":\#(assertion)}"#)
            #expect(signedIn.status == .ok, "\(signedIn.text)")
            let pair = try signedIn.decode(Tokens.self)
            #expect(try await browser.fresh().json(.get, "/api/v1/account/passkeys", bearer: pair.accessToken).status == .ok)

            #expect(
                try await browser.json(.delete, "/api/v1/account/passkeys/\(id)", bearer: tokens.accessToken).status == .noContent
            )
            #expect(
                try await browser.json(.delete, "/api/v1/account/passkeys/\(id)", bearer: tokens.accessToken).status == .notFound)
        }
    }

    @Test func passkeysNeedAnHTTPSAddressOrLocalhost() async throws {
        let configuration = AppConfiguration()
        #expect(throws: AppError.self) { try WebAuthn.site(configuration, host: "192.168.1.20:8080") }
        let local = try WebAuthn.site(configuration, host: "localhost:8080")
        #expect(local.relyingPartyID == "localhost")
        #expect(local.origin == "http://localhost:8080")
        var published = AppConfiguration()
        published.publicURL = "https://health.example.net:8443/"
        let site = try WebAuthn.site(published, host: "evil.example")
        #expect(site.relyingPartyID == "health.example.net", "the configured address, whatever the Host header says")
        #expect(site.origin == "https://health.example.net:8443")

        // Opened at localhost without a public address: passkeys for localhost.
        let app = try await TestApp.make()
        try await app.test { browser in
            try await browser.get("/login")
            let reply = try await Self.script(browser, "/login/passkey/options")
            #expect(try reply.decode(Options.self).rpId == "localhost")
        }
    }
}
