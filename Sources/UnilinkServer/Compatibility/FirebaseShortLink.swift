/// `POST /v1/shortLinks`'s answer, in FDL's keys.
struct FirebaseShortLink: Encodable {
    struct Warning: Encodable {
        var warningCode = "UNRECOGNIZED_PARAM"
        let warningMessage: String
    }

    let shortLink: String
    let previewLink: String
    let warning: [Warning]
}
