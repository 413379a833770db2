/// The product's name where a standard asks for one (an authenticator app's issuer, a passkey's
/// site name): a name, not a sentence, so it is the same in every language.
enum Brand {
    static let name = "Thrive"
}
