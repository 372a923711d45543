export interface paths {
    "/hb/accounts/business": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create business account
         * @description Opens an account for a legal entity.
         */
        post: operations["createBusinessAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/hb/accounts/account-holders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update account holder
         * @description Updates the holder of the account named in `x-account-id`.
         */
        put: operations["updateAccountHolder"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ar/accounts/{id}/full/legal-person": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Create or update full legal person
         * @description Creates or updates the complete legal-person record. The registration is accepted for analysis.
         */
        put: operations["upsertLegalPerson"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/hb/pix/qrcodes/billing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create due-dated Pix QR code
         * @description Creates a Pix charge with a due date and returns its QR code payload.
         */
        post: operations["createDueDatedPixQrCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/hb/pix/qrcodes/static": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create static Pix QR code
         * @description Creates a static Pix QR code and returns its payload and image.
         */
        post: operations["createStaticPixQrCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/hb/bank-slips/registrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register boleto
         * @description Registers a boleto.
         */
        post: operations["registerBoleto"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ar/boletos/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Create boleto idempotently
         * @description Creates a boleto; repeating the call with the same `id` targets the same boleto. The body has the same shape as in boleto registration.
         */
        put: operations["createBoleto"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ar/boletos/payments/{id}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Confirm boleto payment
         * @description Confirms the payment of a boleto.
         */
        put: operations["confirmBoletoPayment"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ar/notifications/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resend notification
         * @description Requests the resend of a notification.
         */
        post: operations["resendNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/hb/multi-access/otp/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Validate OTP
         * @description Validates a one-time password code. The result is a top-level `valid` flag, not nested in a record.
         */
        post: operations["validateOtp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/hb/cards/{cardProxy}/second": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Request second copy of a card
         * @description Requests a second copy of the card; the response carries the identifier of the new card, with reason SECOND_COPY.
         */
        post: operations["requestCardSecondCopy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/hb/transfers/ted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send TED
         * @description Sends a TED transfer to an account at an external bank.
         */
        post: operations["sendTed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ar/pix/v2/pix/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Send Pix
         * @description Sends a Pix to a Pix key. This is the only path with a version segment.
         */
        put: operations["sendPix"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ar/notifications/webhook/{type}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get webhook URL
         * @description Returns the notification URL configured for the notification type in the path.
         */
        get: operations["getWebhookUrl"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/hb/cards/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create card
         * @description Creates a card.
         */
        post: operations["createCard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/hb/webhook/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retry webhook
         * @description Retries a webhook delivery from the delivery log.
         */
        post: operations["retryWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/hb/cnab/240/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload CNAB 240 file
         * @description Uploads a CNAB 240 file as a multipart form (not JSON). The file is queued for processing.
         */
        post: operations["uploadCnab240File"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ar/pix/pix/{endToEndId}/refund/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Refund Pix
         * @description Refunds a Pix transaction, fully or in part. The refund's `id` in the response equals the `id` in the path.
         */
        put: operations["refundPix"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ar/boletos/payments/{id}/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Validate boleto for payment
         * @description Validates a boleto before paying it and returns its barcode, amount and due date.
         */
        put: operations["validateBoletoPayment"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ar/automatic-pix/recurrences/authorizations/{authorizationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Cancel automatic-Pix recurrence authorization
         * @description Cancels the authorization of an automatic-Pix recurrence.
         */
        delete: operations["cancelAutomaticPixAuthorization"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/hb/webhook/try": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Try webhook
         * @description Tests a webhook with a free-form JSON body. Requires the scope `webhook.write`.
         */
        post: operations["tryWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/hb/webhook/logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook logs
         * @description Reads the delivery logs of a webhook. Requires the scope `webhook.read`.
         */
        get: operations["listWebhookLogs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description Monetary amount, a JSON number (integer or decimal). */
        Amount: number;
        /**
         * Format: date
         * @description Date as `YYYY-MM-DD`.
         */
        Date: string;
        /**
         * Format: date-time
         * @description ISO 8601 UTC timestamp with milliseconds.
         */
        Timestamp: string;
        /** @description String of digits. */
        Digits: string;
        /** @description Phone number. */
        Phone: {
            countryCode?: string;
            number?: string;
        };
        /** @description Address of the business. */
        BusinessAddress: {
            zipCode?: string;
            addressLine?: string;
            buildingNumber?: string;
            neighborhood?: string;
            city?: string;
            /** @description 2-letter state code. */
            state?: string;
            /** @description 2-letter country code. */
            country?: string;
        };
        /** @description Address of the legal person. */
        LegalPersonAddress: {
            zipCode?: string;
            street?: string;
            number?: string;
            neighborhood?: string;
            city?: string;
            state?: string;
        };
        /** @description Which fields are required is not shown in the contract. */
        CreateBusinessAccountRequest: {
            registerName?: string;
            /** @description Company tax number (CNPJ), digits only. */
            documentNumber?: components["schemas"]["Digits"];
            /** Format: email */
            email?: string;
            phone?: components["schemas"]["Phone"];
            address?: components["schemas"]["BusinessAddress"];
            /** @description Branch code. */
            agency?: string;
        };
        /** @description Which fields are required is not shown in the contract. */
        UpdateAccountHolderRequest: {
            registerName?: string;
            email?: string;
            phone?: components["schemas"]["Phone"];
        };
        UpsertLegalPersonRequest: {
            companyName: string;
            /** @description Tax identifier, digits only. */
            taxId: components["schemas"]["Digits"];
            email: string;
            /** @description Phone in international format, with a leading `+` and the country code. */
            phone: string;
            tradeName?: string;
            foundingDate?: components["schemas"]["Date"];
            /** @description Legal nature, a numeric code. */
            legalNature?: components["schemas"]["Digits"];
            address?: components["schemas"]["LegalPersonAddress"];
        };
        CreateDueDatedPixQrCodeRequest: {
            pix_key: string;
            /** @description Type of the Pix key. The meaning of its values is not shown in the contract. */
            pix_key_type?: number;
            txid: string;
            amount: components["schemas"]["Amount"];
            payer_name: string;
            /** @description Payer's tax number, digits only. */
            payer_document: components["schemas"]["Digits"];
            /** @description Type of the payer. The meaning of its values is not shown in the contract. */
            payer_type?: number;
            additional_informations?: string;
            due_date: components["schemas"]["Date"];
            expiration_date: components["schemas"]["Date"];
        };
        CreateStaticPixQrCodeRequest: {
            amount: components["schemas"]["Amount"];
            addressingKey: {
                /** @description Type of the key, for example CPF. Other allowed values are not shown in the contract. */
                type?: string;
                value?: string;
            };
            location: {
                city?: string;
                zipCode?: string;
            };
            conciliationId: string;
            recipientName: string;
        };
        /** @description Which fields are required is not shown in the contract. */
        BoletoRequest: {
            amount?: components["schemas"]["Amount"];
            dueDate?: components["schemas"]["Date"];
            payer?: {
                name?: string;
                documentNumber?: string;
                email?: string;
            };
        };
        ConfirmBoletoPaymentRequest: {
            paymentId: string;
        };
        ResendNotificationRequest: {
            notificationId: string;
        };
        ValidateOtpRequest: {
            /** @description Context of the code. Allowed values are not shown in the contract. */
            context: string;
            /** @description The one-time code, digits only. */
            code: components["schemas"]["Digits"];
        };
        /** @description An empty JSON object. */
        EmptyObject: Record<string, never>;
        SendTedRequest: {
            amount: components["schemas"]["Amount"];
            bankCode: string;
            branchCode: string;
            accountNumber: string;
            accountDigit?: string;
            /** @description Recipient's tax number, digits only. */
            documentNumber: components["schemas"]["Digits"];
            name: string;
            /** @enum {string} */
            accountType: "CHECKING" | "SAVINGS" | "PAYMENT_ACCOUNT";
            description?: string;
        };
        SendPixRequest: {
            amount: components["schemas"]["Amount"];
            pixKey: string;
            description?: string;
        };
        CreateCardRequest: {
            alias: string;
            /** @description Card password, digits only. */
            password: components["schemas"]["Digits"];
            /** @enum {string} */
            typeCard: "Virtual" | "Physical";
            programId: number;
        };
        RetryWebhookRequest: {
            webhookLogId: string;
        };
        UploadCnab240FileRequest: {
            /**
             * Format: binary
             * @description Content of the CNAB 240 file.
             */
            file: Blob;
        };
        /** @description Which fields are required is not shown in the contract. */
        RefundPixRequest: {
            amount?: components["schemas"]["Amount"];
            reason?: string;
        };
        ValidateBoletoPaymentRequest: {
            barcode: string;
            amount?: components["schemas"]["Amount"];
        };
        /** @description Free-form JSON; the contract gives it no fixed shape. */
        FreeFormJson: unknown;
        AccountHolder: {
            id: string;
            registerName: string;
            updatedAt: components["schemas"]["Timestamp"];
        };
        AccountHolderResponse: {
            holder: components["schemas"]["AccountHolder"];
        };
        LegalPersonProcess: {
            id: string;
            /** @description ANALYZING on acceptance. The full set of values is not shown in the contract. */
            status: string;
        };
        LegalPersonProcessResponse: {
            process: components["schemas"]["LegalPersonProcess"];
        };
        DueDatedPixQrCode: {
            txid: string;
            /** @description Pix payload text (EMV BR Code). */
            emv: string;
            /** @description ACTIVE when created. The full set of values is not shown in the contract. */
            status: string;
        };
        DueDatedPixQrCodeResponse: {
            qrCode: components["schemas"]["DueDatedPixQrCode"];
        };
        StaticPixQrCode: {
            /** @description Pix payload text (EMV BR Code). */
            emv: string;
            /** @description The QR code as a data URI of a base64 PNG image. */
            image: string;
        };
        StaticPixQrCodeResponse: {
            qrCode: components["schemas"]["StaticPixQrCode"];
        };
        BoletoPayment: {
            id: string;
            /** @description PROCESSING on confirmation. The full set of values is not shown in the contract. */
            status: string;
        };
        BoletoPaymentResponse: {
            payment: components["schemas"]["BoletoPayment"];
        };
        NotificationResend: {
            id: string;
            /** @description QUEUED when accepted. The full set of values is not shown in the contract. */
            status: string;
        };
        NotificationResendResponse: {
            resend: components["schemas"]["NotificationResend"];
        };
        OtpValidationResult: {
            valid: boolean;
        };
        /** @description Card proxy identifier, `CRD-` followed by an identifier. */
        CardProxy: string;
        CreatedCard: {
            cardProxy: components["schemas"]["CardProxy"];
            alias: string;
            /** @description INACTIVE when created. The full set of values is not shown in the contract. */
            status: string;
            typeCard: string;
        };
        CreatedCardResponse: {
            card: components["schemas"]["CreatedCard"];
        };
        SecondCopyCard: {
            /** @description Identifier of the new card. */
            cardProxy: components["schemas"]["CardProxy"];
            /** @description INACTIVE when created. The full set of values is not shown in the contract. */
            status: string;
            /** @description SECOND_COPY for a second copy. Other values are not shown in the contract. */
            reason: string;
        };
        CardSecondCopyResponse: {
            card: components["schemas"]["SecondCopyCard"];
        };
        WebhookRetry: {
            id: string;
            /** @description QUEUED when accepted. The full set of values is not shown in the contract. */
            status: string;
        };
        WebhookRetryResponse: {
            retry: components["schemas"]["WebhookRetry"];
        };
        CnabUpload: {
            id: string;
            /** @description QUEUED when accepted. The full set of values is not shown in the contract. */
            status: string;
            filename: string;
        };
        CnabUploadResponse: {
            upload: components["schemas"]["CnabUpload"];
        };
        PixRefund: {
            /** @description Equals the `id` in the request path. */
            id: string;
            /** @description PROCESSING when accepted. The full set of values is not shown in the contract. */
            status: string;
            amount: components["schemas"]["Amount"];
        };
        PixRefundResponse: {
            refund: components["schemas"]["PixRefund"];
        };
        BoletoValidation: {
            barcode: string;
            amount: components["schemas"]["Amount"];
            dueDate: components["schemas"]["Date"];
        };
        BoletoValidationResponse: {
            validation: components["schemas"]["BoletoValidation"];
        };
        /** @description Not shown in the contract; any JSON. */
        UnspecifiedBody: unknown;
        /** @description Success envelope of the two webhook operations. */
        SuccessEnvelope: {
            /** @enum {integer} */
            status_code: 200 | 201;
            /** @constant */
            success: true;
            /** @description For example OK or Created. */
            message: string;
            /** @description The result of the operation. Its shape is not shown in the contract. */
            data: unknown;
        };
        /** @description Standard error envelope. */
        ErrorEnvelope: {
            /** @description The HTTP status code. */
            status_code: number;
            /** @description Error code; VALIDATION_ERROR when the request failed validation. Other codes are not shown in the contract. */
            code: string;
            message: string;
            timestamp: components["schemas"]["Timestamp"];
            /** @description The request path. */
            path: string;
            /** @description Details of the error. The content of the entries is not shown in the contract. */
            details: unknown[];
        };
    };
    responses: {
        /** @description The request failed validation. The body is the error envelope with code VALIDATION_ERROR. */
        ValidationError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description Any other error. The contract specifies neither these status codes nor their error codes; the body follows the standard error envelope. */
        UnspecifiedError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description Success. The contract does not show this response (status code or body); the schema is free-form. */
        UnspecifiedSuccess: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["UnspecifiedBody"];
            };
        };
    };
    parameters: {
        /**
         * @description Identifier of the account the operation acts on.
         * @example 7f3c2a9e-4b1d-4c8e-9a51-2e6d0b8f1c34
         */
        AccountId: string;
        /**
         * @description The idempotency identifier of the operation, chosen by the caller and carried as the final path parameter (idempotent by URL). What the service does when the same identifier is repeated is not shown in the contract.
         * @example d2b7a0c4-1e5f-4a8b-9c3d-6e7f8a9b0c1d
         */
        IdempotencyId: string;
        /**
         * @description Card proxy identifier of the card, `CRD-` followed by an identifier.
         * @example CRD-8f14e45f-ceea-467a-9af0-3b1d5e2c7a90
         */
        CardProxyId: string;
        /**
         * @description End-to-end identifier of the original Pix transaction.
         * @example E00000000202611231405a1b2c3d4e5f
         */
        EndToEndId: string;
        /**
         * @description Identifier of the automatic-Pix recurrence authorization.
         * @example RR0000000020261123ab12cd34ef5
         */
        AuthorizationId: string;
        /**
         * @description Notification type whose webhook URL is read. Allowed values are not shown in the contract.
         * @example PIX_RECEIVED
         */
        NotificationType: string;
        /**
         * @description Identifier of the webhook.
         * @example 5b0c7e2a-93d4-4f61-b8a2-0e9d6c3f1a77
         */
        WebhookId: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    createBusinessAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateBusinessAccountRequest"];
            };
        };
        responses: {
            400: components["responses"]["ValidationError"];
            "2XX": components["responses"]["UnspecifiedSuccess"];
            default: components["responses"]["UnspecifiedError"];
        };
    };
    updateAccountHolder: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifier of the account the operation acts on.
                 * @example 7f3c2a9e-4b1d-4c8e-9a51-2e6d0b8f1c34
                 */
                "x-account-id": components["parameters"]["AccountId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateAccountHolderRequest"];
            };
        };
        responses: {
            /** @description The updated account holder. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountHolderResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            default: components["responses"]["UnspecifiedError"];
        };
    };
    upsertLegalPerson: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The idempotency identifier of the operation, chosen by the caller and carried as the final path parameter (idempotent by URL). What the service does when the same identifier is repeated is not shown in the contract.
                 * @example d2b7a0c4-1e5f-4a8b-9c3d-6e7f8a9b0c1d
                 */
                id: components["parameters"]["IdempotencyId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpsertLegalPersonRequest"];
            };
        };
        responses: {
            /** @description The registration process; status is ANALYZING on acceptance. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LegalPersonProcessResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            default: components["responses"]["UnspecifiedError"];
        };
    };
    createDueDatedPixQrCode: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifier of the account the operation acts on.
                 * @example 7f3c2a9e-4b1d-4c8e-9a51-2e6d0b8f1c34
                 */
                "x-account-id": components["parameters"]["AccountId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateDueDatedPixQrCodeRequest"];
            };
        };
        responses: {
            /** @description The due-dated QR code. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DueDatedPixQrCodeResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            default: components["responses"]["UnspecifiedError"];
        };
    };
    createStaticPixQrCode: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifier of the account the operation acts on.
                 * @example 7f3c2a9e-4b1d-4c8e-9a51-2e6d0b8f1c34
                 */
                "x-account-id": components["parameters"]["AccountId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateStaticPixQrCodeRequest"];
            };
        };
        responses: {
            /** @description The static QR code, as Pix payload text and as a PNG image. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaticPixQrCodeResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            default: components["responses"]["UnspecifiedError"];
        };
    };
    registerBoleto: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifier of the account the operation acts on.
                 * @example 7f3c2a9e-4b1d-4c8e-9a51-2e6d0b8f1c34
                 */
                "x-account-id": components["parameters"]["AccountId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BoletoRequest"];
            };
        };
        responses: {
            400: components["responses"]["ValidationError"];
            "2XX": components["responses"]["UnspecifiedSuccess"];
            default: components["responses"]["UnspecifiedError"];
        };
    };
    createBoleto: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifier of the account the operation acts on.
                 * @example 7f3c2a9e-4b1d-4c8e-9a51-2e6d0b8f1c34
                 */
                "x-account-id": components["parameters"]["AccountId"];
            };
            path: {
                /**
                 * @description The idempotency identifier of the operation, chosen by the caller and carried as the final path parameter (idempotent by URL). What the service does when the same identifier is repeated is not shown in the contract.
                 * @example d2b7a0c4-1e5f-4a8b-9c3d-6e7f8a9b0c1d
                 */
                id: components["parameters"]["IdempotencyId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BoletoRequest"];
            };
        };
        responses: {
            400: components["responses"]["ValidationError"];
            "2XX": components["responses"]["UnspecifiedSuccess"];
            default: components["responses"]["UnspecifiedError"];
        };
    };
    confirmBoletoPayment: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifier of the account the operation acts on.
                 * @example 7f3c2a9e-4b1d-4c8e-9a51-2e6d0b8f1c34
                 */
                "x-account-id": components["parameters"]["AccountId"];
            };
            path: {
                /**
                 * @description The idempotency identifier of the operation, chosen by the caller and carried as the final path parameter (idempotent by URL). What the service does when the same identifier is repeated is not shown in the contract.
                 * @example d2b7a0c4-1e5f-4a8b-9c3d-6e7f8a9b0c1d
                 */
                id: components["parameters"]["IdempotencyId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConfirmBoletoPaymentRequest"];
            };
        };
        responses: {
            /** @description The payment, being processed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BoletoPaymentResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            default: components["responses"]["UnspecifiedError"];
        };
    };
    resendNotification: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResendNotificationRequest"];
            };
        };
        responses: {
            /** @description The resend, queued. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationResendResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            default: components["responses"]["UnspecifiedError"];
        };
    };
    validateOtp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ValidateOtpRequest"];
            };
        };
        responses: {
            /** @description Whether the code is valid. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OtpValidationResult"];
                };
            };
            400: components["responses"]["ValidationError"];
            default: components["responses"]["UnspecifiedError"];
        };
    };
    requestCardSecondCopy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Card proxy identifier of the card, `CRD-` followed by an identifier.
                 * @example CRD-8f14e45f-ceea-467a-9af0-3b1d5e2c7a90
                 */
                cardProxy: components["parameters"]["CardProxyId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EmptyObject"];
            };
        };
        responses: {
            /** @description The new card. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CardSecondCopyResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            default: components["responses"]["UnspecifiedError"];
        };
    };
    sendTed: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifier of the account the operation acts on.
                 * @example 7f3c2a9e-4b1d-4c8e-9a51-2e6d0b8f1c34
                 */
                "x-account-id": components["parameters"]["AccountId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SendTedRequest"];
            };
        };
        responses: {
            400: components["responses"]["ValidationError"];
            "2XX": components["responses"]["UnspecifiedSuccess"];
            default: components["responses"]["UnspecifiedError"];
        };
    };
    sendPix: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifier of the account the operation acts on.
                 * @example 7f3c2a9e-4b1d-4c8e-9a51-2e6d0b8f1c34
                 */
                "x-account-id": components["parameters"]["AccountId"];
            };
            path: {
                /**
                 * @description The idempotency identifier of the operation, chosen by the caller and carried as the final path parameter (idempotent by URL). What the service does when the same identifier is repeated is not shown in the contract.
                 * @example d2b7a0c4-1e5f-4a8b-9c3d-6e7f8a9b0c1d
                 */
                id: components["parameters"]["IdempotencyId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SendPixRequest"];
            };
        };
        responses: {
            400: components["responses"]["ValidationError"];
            "2XX": components["responses"]["UnspecifiedSuccess"];
            default: components["responses"]["UnspecifiedError"];
        };
    };
    getWebhookUrl: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Notification type whose webhook URL is read. Allowed values are not shown in the contract.
                 * @example PIX_RECEIVED
                 */
                type: components["parameters"]["NotificationType"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["ValidationError"];
            "2XX": components["responses"]["UnspecifiedSuccess"];
            default: components["responses"]["UnspecifiedError"];
        };
    };
    createCard: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifier of the account the operation acts on.
                 * @example 7f3c2a9e-4b1d-4c8e-9a51-2e6d0b8f1c34
                 */
                "x-account-id": components["parameters"]["AccountId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateCardRequest"];
            };
        };
        responses: {
            /** @description The new card. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedCardResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            default: components["responses"]["UnspecifiedError"];
        };
    };
    retryWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RetryWebhookRequest"];
            };
        };
        responses: {
            /** @description The retry, queued. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookRetryResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            default: components["responses"]["UnspecifiedError"];
        };
    };
    uploadCnab240File: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["UploadCnab240FileRequest"];
            };
        };
        responses: {
            /** @description The upload, queued. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CnabUploadResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            default: components["responses"]["UnspecifiedError"];
        };
    };
    refundPix: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description End-to-end identifier of the original Pix transaction.
                 * @example E00000000202611231405a1b2c3d4e5f
                 */
                endToEndId: components["parameters"]["EndToEndId"];
                /**
                 * @description The idempotency identifier of the operation, chosen by the caller and carried as the final path parameter (idempotent by URL). What the service does when the same identifier is repeated is not shown in the contract.
                 * @example d2b7a0c4-1e5f-4a8b-9c3d-6e7f8a9b0c1d
                 */
                id: components["parameters"]["IdempotencyId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefundPixRequest"];
            };
        };
        responses: {
            /** @description The refund, being processed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PixRefundResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            default: components["responses"]["UnspecifiedError"];
        };
    };
    validateBoletoPayment: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifier of the account the operation acts on.
                 * @example 7f3c2a9e-4b1d-4c8e-9a51-2e6d0b8f1c34
                 */
                "x-account-id": components["parameters"]["AccountId"];
            };
            path: {
                /**
                 * @description The idempotency identifier of the operation, chosen by the caller and carried as the final path parameter (idempotent by URL). What the service does when the same identifier is repeated is not shown in the contract.
                 * @example d2b7a0c4-1e5f-4a8b-9c3d-6e7f8a9b0c1d
                 */
                id: components["parameters"]["IdempotencyId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ValidateBoletoPaymentRequest"];
            };
        };
        responses: {
            /** @description The boleto as validated. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BoletoValidationResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            default: components["responses"]["UnspecifiedError"];
        };
    };
    cancelAutomaticPixAuthorization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Identifier of the automatic-Pix recurrence authorization.
                 * @example RR0000000020261123ab12cd34ef5
                 */
                authorizationId: components["parameters"]["AuthorizationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["ValidationError"];
            "2XX": components["responses"]["UnspecifiedSuccess"];
            default: components["responses"]["UnspecifiedError"];
        };
    };
    tryWebhook: {
        parameters: {
            query?: {
                /**
                 * @description Identifier of the webhook.
                 * @example 5b0c7e2a-93d4-4f61-b8a2-0e9d6c3f1a77
                 */
                webhookId?: components["parameters"]["WebhookId"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FreeFormJson"];
            };
        };
        responses: {
            /** @description The webhook test was made; `data` is the result of the operation. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessEnvelope"];
                };
            };
            400: components["responses"]["ValidationError"];
            default: components["responses"]["UnspecifiedError"];
        };
    };
    listWebhookLogs: {
        parameters: {
            query?: {
                /**
                 * @description Identifier of the webhook.
                 * @example 5b0c7e2a-93d4-4f61-b8a2-0e9d6c3f1a77
                 */
                webhookId?: components["parameters"]["WebhookId"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery logs; `data` is the result of the operation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessEnvelope"];
                };
            };
            400: components["responses"]["ValidationError"];
            default: components["responses"]["UnspecifiedError"];
        };
    };
}
