/// Turns passwords into slow, salted hashes and checks them. The production hasher is bcrypt;
/// tests may inject a cheaper cost so a suite of hundreds of logins stays fast.
public protocol PasswordHasher: Sendable {
    func hash(_ password: String) async -> String
    func verify(_ password: String, against hash: String) async -> Bool
}
