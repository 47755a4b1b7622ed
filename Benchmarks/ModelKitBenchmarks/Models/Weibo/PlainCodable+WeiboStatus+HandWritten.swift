import Foundation

/// ``WeiboStatus``'s dictionary code written by hand, the baseline of the `weibo` dictionary cases.
extension PlainCodable.WeiboStatus {
    init(dictionary: [String: Any]) throws {
        try self.init(fields: HandWritten.Fields(dictionary))
    }

    init(fields: HandWritten.Fields) throws {
        statusID = try fields.int64("id")
        idstr = try fields.string("idstr")
        mid = try fields.string("mid")
        mblogid = try fields.string("mblogid")
        createdAt = PlainCodable.FeedDate(try fields.date("created_at"))
        user = try PlainCodable.WeiboUser(fields: fields.fields("user"))
        userType = try fields.int("userType")
        text = try fields.string("text")
        source = try fields.string("source")
        sourceType = try fields.int("source_type")
        sourceAllowclick = try fields.int("source_allowclick")
        thumbnailPic = try fields.string("thumbnail_pic")
        bmiddlePic = try fields.string("bmiddle_pic")
        originalPic = try fields.string("original_pic")
        picIDs = try fields.strings("pic_ids")
        picInfos = try fields.fields("pic_infos").dictionary.mapValues {
            try PlainCodable.WeiboPicture(fields: HandWritten.Fields($0, key: "pic_infos"))
        }
        urlStruct = try fields.optionalDictionaries("url_struct")?.map {
            try PlainCodable.WeiboURL(fields: HandWritten.Fields($0))
        }
        annotations = try fields.dictionaries("annotations").map {
            try PlainCodable.WeiboAnnotation(fields: HandWritten.Fields($0))
        }
        visible = try PlainCodable.WeiboVisibility(fields: fields.fields("visible"))
        darwinTags = try fields.strings("darwin_tags")
        favorited = try fields.bool("favorited")
        truncated = try fields.bool("truncated")
        repostsCount = try fields.int("reposts_count")
        commentsCount = try fields.int("comments_count")
        attitudesCount = try fields.int("attitudes_count")
        attitudesStatus = try fields.int("attitudes_status")
        recomState = try fields.int("recom_state")
        inReplyToScreenName = try fields.string("in_reply_to_screen_name")
        inReplyToStatusID = try fields.string("in_reply_to_status_id")
        inReplyToUserID = try fields.string("in_reply_to_user_id")
        geo = try fields.string("geo")
        mlevel = try fields.int("mlevel")
        scheme = try fields.string("scheme")
        mblogtypename = try fields.string("mblogtypename")
        bizFeature = try fields.int64("biz_feature")
        filterID = try fields.string("filterID")
    }

    var dictionary: [String: Any] {
        var result: [String: Any] = [
            "id": statusID,
            "idstr": idstr,
            "mid": mid,
            "mblogid": mblogid,
            "created_at": createdAt.date,
            "user": user.dictionary,
            "userType": userType,
            "text": text,
            "source": source,
            "source_type": sourceType,
            "source_allowclick": sourceAllowclick,
            "thumbnail_pic": thumbnailPic,
            "bmiddle_pic": bmiddlePic,
            "original_pic": originalPic,
            "pic_ids": picIDs,
            "pic_infos": picInfos.mapValues(\.dictionary),
            "annotations": annotations.map(\.dictionary),
            "visible": visible.dictionary,
            "darwin_tags": darwinTags,
            "favorited": favorited,
            "truncated": truncated,
            "reposts_count": repostsCount,
            "comments_count": commentsCount,
            "attitudes_count": attitudesCount,
            "attitudes_status": attitudesStatus,
            "recom_state": recomState,
            "in_reply_to_screen_name": inReplyToScreenName,
            "in_reply_to_status_id": inReplyToStatusID,
            "in_reply_to_user_id": inReplyToUserID,
            "geo": geo,
            "mlevel": mlevel,
            "scheme": scheme,
            "mblogtypename": mblogtypename,
            "biz_feature": bizFeature,
            "filterID": filterID,
        ]
        if let urlStruct { result["url_struct"] = urlStruct.map(\.dictionary) }
        return result
    }
}

/// ``WeiboURL`` written by hand.
extension PlainCodable.WeiboURL {
    init(fields: HandWritten.Fields) throws {
        result = try fields.bool("result")
        shortURL = try fields.string("short_url")
        oriURL = try fields.string("ori_url")
        urlTitle = try fields.string("url_title")
        urlTypePic = try fields.string("url_type_pic")
        urlType = try fields.int("url_type")
        log = fields.optionalString("log")
        pageID = fields.optionalString("page_id")
        storageType = fields.optionalString("storage_type")
    }

    var dictionary: [String: Any] {
        var result: [String: Any] = [
            "result": result,
            "short_url": shortURL,
            "ori_url": oriURL,
            "url_title": urlTitle,
            "url_type_pic": urlTypePic,
            "url_type": urlType,
        ]
        if let log { result["log"] = log }
        if let pageID { result["page_id"] = pageID }
        if let storageType { result["storage_type"] = storageType }
        return result
    }
}

/// ``WeiboAnnotation`` written by hand.
extension PlainCodable.WeiboAnnotation {
    init(fields: HandWritten.Fields) throws {
        clientMblogid = fields.optionalString("client_mblogid")
        mapiRequest = fields.optionalBool("mapi_request")
    }

    var dictionary: [String: Any] {
        var result: [String: Any] = [:]
        if let clientMblogid { result["client_mblogid"] = clientMblogid }
        if let mapiRequest { result["mapi_request"] = mapiRequest }
        return result
    }
}

/// ``WeiboVisibility`` written by hand.
extension PlainCodable.WeiboVisibility {
    init(fields: HandWritten.Fields) throws {
        type = try fields.int("type")
        listID = try fields.int("list_id")
    }

    var dictionary: [String: Any] {
        let result: [String: Any] = [
            "type": type,
            "list_id": listID,
        ]
        return result
    }
}

/// ``WeiboUser`` written by hand.
extension PlainCodable.WeiboUser {
    init(fields: HandWritten.Fields) throws {
        userID = try fields.int64("id")
        idstr = try fields.string("idstr")
        userClass = try fields.int("class")
        screenName = try fields.string("screen_name")
        name = try fields.string("name")
        remark = try fields.string("remark")
        description = try fields.string("description")
        gender = try fields.string("gender")
        province = try fields.string("province")
        city = try fields.string("city")
        location = try fields.string("location")
        url = try fields.string("url")
        domain = try fields.string("domain")
        weihao = try fields.string("weihao")
        lang = try fields.string("lang")
        profileURL = try fields.string("profile_url")
        profileImageURL = try fields.string("profile_image_url")
        avatarLarge = try fields.string("avatar_large")
        avatarHD = try fields.string("avatar_hd")
        coverImagePhone = try fields.string("cover_image_phone")
        createdAt = PlainCodable.FeedDate(try fields.date("created_at"))
        icons = try fields.dictionaries("icons").map { try PlainCodable.WeiboIcon(fields: HandWritten.Fields($0)) }
        badge = try fields.integers("badge")
        badgeTop = try fields.string("badge_top")
        extend = try PlainCodable.WeiboUserExtension(fields: fields.fields("extend"))
        verified = try fields.bool("verified")
        verifiedType = try fields.int("verified_type")
        verifiedLevel = try fields.int("verified_level")
        verifiedState = try fields.int("verified_state")
        verifiedTrade = try fields.string("verified_trade")
        verifiedReason = try fields.string("verified_reason")
        verifiedReasonURL = try fields.string("verified_reason_url")
        verifiedReasonModified = try fields.string("verified_reason_modified")
        verifiedSource = try fields.string("verified_source")
        verifiedSourceURL = try fields.string("verified_source_url")
        verifiedContactName = try fields.string("verified_contact_name")
        verifiedContactEmail = try fields.string("verified_contact_email")
        verifiedContactMobile = try fields.string("verified_contact_mobile")
        followersCount = try fields.int("followers_count")
        friendsCount = try fields.int("friends_count")
        biFollowersCount = try fields.int("bi_followers_count")
        pagefriendsCount = try fields.int("pagefriends_count")
        statusesCount = try fields.int("statuses_count")
        favouritesCount = try fields.int("favourites_count")
        followMe = try fields.bool("follow_me")
        following = try fields.bool("following")
        geoEnabled = try fields.bool("geo_enabled")
        allowAllActMsg = try fields.bool("allow_all_act_msg")
        allowAllComment = try fields.bool("allow_all_comment")
        onlineStatus = try fields.int("online_status")
        type = try fields.int("type")
        ptype = try fields.int("ptype")
        mbtype = try fields.int("mbtype")
        mbrank = try fields.int("mbrank")
        urank = try fields.int("urank")
        ulevel = try fields.int("ulevel")
        level = try fields.int("level")
        star = try fields.int("star")
        creditScore = try fields.int("credit_score")
        blockWord = try fields.int("block_word")
        blockApp = try fields.int("block_app")
        hasAbilityTag = try fields.int("has_ability_tag")
        userAbility = try fields.int("user_ability")
    }

    var dictionary: [String: Any] {
        let result: [String: Any] = [
            "id": userID,
            "idstr": idstr,
            "class": userClass,
            "screen_name": screenName,
            "name": name,
            "remark": remark,
            "description": description,
            "gender": gender,
            "province": province,
            "city": city,
            "location": location,
            "url": url,
            "domain": domain,
            "weihao": weihao,
            "lang": lang,
            "profile_url": profileURL,
            "profile_image_url": profileImageURL,
            "avatar_large": avatarLarge,
            "avatar_hd": avatarHD,
            "cover_image_phone": coverImagePhone,
            "created_at": createdAt.date,
            "icons": icons.map(\.dictionary),
            "badge": badge,
            "badge_top": badgeTop,
            "extend": extend.dictionary,
            "verified": verified,
            "verified_type": verifiedType,
            "verified_level": verifiedLevel,
            "verified_state": verifiedState,
            "verified_trade": verifiedTrade,
            "verified_reason": verifiedReason,
            "verified_reason_url": verifiedReasonURL,
            "verified_reason_modified": verifiedReasonModified,
            "verified_source": verifiedSource,
            "verified_source_url": verifiedSourceURL,
            "verified_contact_name": verifiedContactName,
            "verified_contact_email": verifiedContactEmail,
            "verified_contact_mobile": verifiedContactMobile,
            "followers_count": followersCount,
            "friends_count": friendsCount,
            "bi_followers_count": biFollowersCount,
            "pagefriends_count": pagefriendsCount,
            "statuses_count": statusesCount,
            "favourites_count": favouritesCount,
            "follow_me": followMe,
            "following": following,
            "geo_enabled": geoEnabled,
            "allow_all_act_msg": allowAllActMsg,
            "allow_all_comment": allowAllComment,
            "online_status": onlineStatus,
            "type": type,
            "ptype": ptype,
            "mbtype": mbtype,
            "mbrank": mbrank,
            "urank": urank,
            "ulevel": ulevel,
            "level": level,
            "star": star,
            "credit_score": creditScore,
            "block_word": blockWord,
            "block_app": blockApp,
            "has_ability_tag": hasAbilityTag,
            "user_ability": userAbility,
        ]
        return result
    }
}

/// ``WeiboIcon`` written by hand.
extension PlainCodable.WeiboIcon {
    init(fields: HandWritten.Fields) throws {
        url = try fields.string("url")
    }

    var dictionary: [String: Any] {
        let result: [String: Any] = [
            "url": url
        ]
        return result
    }
}

/// ``WeiboUserExtension`` written by hand.
extension PlainCodable.WeiboUserExtension {
    init(fields: HandWritten.Fields) throws {
        privacy = try fields.integers("privacy")
        mbprivilege = try fields.string("mbprivilege")
    }

    var dictionary: [String: Any] {
        let result: [String: Any] = [
            "privacy": privacy,
            "mbprivilege": mbprivilege,
        ]
        return result
    }
}

/// ``WeiboPicture`` written by hand.
extension PlainCodable.WeiboPicture {
    init(fields: HandWritten.Fields) throws {
        picID = try fields.string("pic_id")
        objectID = try fields.string("object_id")
        filterID = try fields.string("filter_id")
        photoTag = try fields.int("photo_tag")
        thumbnail = try PlainCodable.WeiboPictureMetadata(fields: fields.fields("thumbnail"))
        bmiddle = try PlainCodable.WeiboPictureMetadata(fields: fields.fields("bmiddle"))
        middleplus = try PlainCodable.WeiboPictureMetadata(fields: fields.fields("middleplus"))
        large = try PlainCodable.WeiboPictureMetadata(fields: fields.fields("large"))
        largest = try PlainCodable.WeiboPictureMetadata(fields: fields.fields("largest"))
        original = try PlainCodable.WeiboPictureMetadata(fields: fields.fields("original"))
    }

    var dictionary: [String: Any] {
        let result: [String: Any] = [
            "pic_id": picID,
            "object_id": objectID,
            "filter_id": filterID,
            "photo_tag": photoTag,
            "thumbnail": thumbnail.dictionary,
            "bmiddle": bmiddle.dictionary,
            "middleplus": middleplus.dictionary,
            "large": large.dictionary,
            "largest": largest.dictionary,
            "original": original.dictionary,
        ]
        return result
    }
}

/// ``WeiboPictureMetadata`` written by hand; sizes may be text (`"640"`), which `Fields.int` accepts.
extension PlainCodable.WeiboPictureMetadata {
    init(fields: HandWritten.Fields) throws {
        url = try fields.string("url")
        width = try fields.int("width")
        height = try fields.int("height")
        type = try fields.string("type")
        cutType = try fields.int("cut_type")
    }

    var dictionary: [String: Any] {
        let result: [String: Any] = [
            "url": url,
            "width": width,
            "height": height,
            "type": type,
            "cut_type": cutType,
        ]
        return result
    }
}
