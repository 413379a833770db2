/// The demo person's conversation with their counselor: invented, in English like the rest of the
/// demo's own words, and no advice beyond what the education pieces say.
enum DemoCounseling {
    static let conversation = [
        "Hi, my results say MZ. Does that mean my children could have AAT deficiency?",
        """
        Hi Alex, thanks for asking. As an MZ carrier you pass on either your M or your Z allele. A child \
        would only have the ZZ type if their other parent also passes on a Z. If your partner would like \
        to know their type, a test kit tells them, and we can talk through what it means together.
        """,
    ]
}
