/// A labelled one-line text field, with the message that says why what was typed in it was refused.
///
/// A refused text is shown again as it was typed, next to the field, and the field is marked invalid
/// and described by the message, so that a screen reader reads the reason with the field. The message
/// is always in the page, empty when there is none, so that the pages' script can replace it in place.
struct TextField {
    /// The field's id; the message's is the same with `-error`.
    var id: String
    /// The form field's name.
    var name: String
    /// What the field is for, the label a screen reader reads.
    var label: String
    /// Whether the label is shown; a field whose purpose its placeholder and button make plain hides it.
    var showsLabel = false
    /// The hint shown while the field is empty.
    var placeholder: String?
    /// The text in the field when the page loads.
    var value = ""
    /// Why the text was refused, if it was.
    var refused: RefusedText?
    /// Whether the field takes the focus when the page loads.
    var autofocus = false
    /// Whether the pages' script empties the field as soon as its form is sent, so that the next text
    /// can be typed while the first is saved.
    var clearsOnSubmit = false

    /// The id of the message.
    var errorID: String { "\(id)-error" }

    /// The label and the input.
    var control: HTML {
        let text = refused?.typed ?? value
        var attributes: HTML = ""
        if let placeholder { attributes = "\(attributes) placeholder=\"\(placeholder)\"" }
        if refused != nil { attributes = "\(attributes) aria-invalid=\"true\" aria-describedby=\"\(errorID)\"" }
        if autofocus || refused != nil { attributes = "\(attributes) autofocus" }
        if clearsOnSubmit { attributes = "\(attributes) data-clear-on-submit" }
        return """
            <label for="\(id)"\(showsLabel ? HTML.empty : " class=\"visually-hidden\"")>\(label)</label>\
            <input type="text" id="\(id)" name="\(name)" value="\(text)" \
            maxlength="\(FormFields.maximumTextLength)"\(attributes)>
            """
    }

    /// The message: empty unless the text was refused.
    var message: HTML {
        guard let refused else {
            return "<p id=\"\(errorID)\" class=\"field-error\" data-region></p>"
        }
        return "<p id=\"\(errorID)\" class=\"field-error\" role=\"alert\" data-region>\(refused.reason)</p>"
    }
}
