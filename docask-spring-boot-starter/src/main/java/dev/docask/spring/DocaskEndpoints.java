package dev.docask.spring;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docask.answer.AskHandler;
import dev.docask.answer.internal.AnswerMeters;
import dev.docask.answer.internal.MicrometerMeters;
import dev.docask.answer.internal.AnswerStream;
import dev.docask.answer.internal.ApiException;
import dev.docask.index.IndexException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import dev.docask.answer.internal.AskRequest;
import dev.docask.answer.internal.Fields;
import dev.docask.answer.internal.JsonBodies;
import dev.docask.answer.internal.LiveIndex;
import dev.docask.retrieve.Retrieval;
import dev.docask.retrieve.RetrievalOptions;
import dev.docask.retrieve.internal.RetrievalJson;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/*
 * POST {docask.web.path}/ask and GET {docask.web.path}/search: 'docask serve's /api/ask and /api/search,
 * read, answered and refused by the same code (AskRequest, JsonBodies, Fields, AnswerStream, ApiException
 * in docask-core), so both take the same bodies, stream the same AI SDK UI message stream and answer bad
 * input with the same statuses and problem bodies. The stream is written on the request's thread, as the
 * server does: a failed write is how a gone reader is noticed and the model stopped. Rate limits, CORS
 * and budgets are the application's (Spring Security, a gateway), not repeated here.
 */
@RestController
@RequestMapping("${docask.web.path:/docask}")
class DocaskEndpoints {
    private static final Logger LOG = LoggerFactory.getLogger(DocaskEndpoints.class);
    static final String PROBLEM = "application/problem+json; charset=utf-8";
    /* How long a stream may be silent before a ping checks that the reader is still there (as the server). */
    private static final Duration PING = Duration.ofSeconds(1);

    private final DocaskIndex index;
    private final RetrievalOptions options;
    private final ObjectMapper json = new ObjectMapper();
    private final JsonBodies bodies;
    private final AnswerMeters meters;
    private final AnswerStream answers;
    private final int maxQuestionChars;

    DocaskEndpoints(DocaskIndex index, RetrievalOptions options, AnswerMeters meters, int maxQuestionChars, int maxBodyBytes) {
        this.index = index;
        this.options = options;
        this.meters = meters;
        this.maxQuestionChars = maxQuestionChars;
        this.bodies = new JsonBodies(json, maxBodyBytes);
        this.answers = new AnswerStream(json, meters, (id, a) -> { }, PING);
    }

    @PostMapping("/ask")
    void ask(HttpServletRequest req, HttpServletResponse res) throws IOException, InterruptedException {
        AskRequest request = AskRequest.from(readBody(req, res), maxQuestionChars);
        try (LiveIndex.Lease lease = index.live().lease()) {
            AskHandler handler = lease.generation().handler();
            if (AnswerStream.wantsJson(req.getHeader(HttpHeaders.ACCEPT))) {
                byte[] body = utf8(answers.answerAsJson(handler, request, cancel -> { }));
                count(req, 200);
                res.setStatus(200);
                res.setContentType(AnswerStream.JSON);
                res.getOutputStream().write(body);
                return;
            }
            res.setStatus(200);
            AnswerStream.HEADERS.forEach(res::setHeader);
            count(req, 200);
            AnswerStream.Run run = answers.start(handler, request, lease.generation().name());
            run.writeTo(res.getOutputStream());
        }
    }

    @GetMapping("/search")
    ResponseEntity<byte[]> search(HttpServletRequest req) {
        String q = Fields.requireSearchQuestion(req.getQueryString(), req.getParameter("q"), maxQuestionChars);
        Retrieval r = index.retrieve(q, options);
        meters.retrieval(Duration.ofNanos(r.micros() * 1_000));
        count(req, 200);
        return ResponseEntity.ok().header(HttpHeaders.CONTENT_TYPE, AnswerStream.JSON).body(utf8(RetrievalJson.of(r)));
    }

    @ExceptionHandler(ApiException.class)
    ResponseEntity<byte[]> problem(ApiException e, HttpServletRequest req) {
        count(req, e.status());
        ResponseEntity.BodyBuilder r = ResponseEntity.status(e.status()).header(HttpHeaders.CONTENT_TYPE, PROBLEM);
        if (e instanceof ApiException.TooManyRequests t) {
            r = r.header(HttpHeaders.RETRY_AFTER, Long.toString(t.retryAfterSeconds()));
        }
        return r.body(utf8(e.body(json)));
    }

    /* as docask serve: an outage of our own index is a 503 whose body says nothing of the index's message */
    @ExceptionHandler(IndexException.class)
    ResponseEntity<byte[]> indexUnreadable(IndexException e, HttpServletRequest req) {
        LOG.error("{} {} failed: {}", req.getMethod(), req.getRequestURI(), e.getMessage());
        return problem(new ApiException.Unavailable(IndexException.CLIENT_MESSAGE), req);
    }

    private JsonNode readBody(HttpServletRequest req, HttpServletResponse res) {
        return bodies.readObject(new JsonBodies.Request() {
            @Override
            public @Nullable String contentType() {
                return req.getContentType();
            }

            @Override
            public long contentLength() {
                return req.getContentLengthLong();
            }

            @Override
            public InputStream body() throws IOException {
                return req.getInputStream();
            }

            @Override
            public void closeConnection() {
                res.setHeader(HttpHeaders.CONNECTION, "close");
            }
        });
    }

    private void count(HttpServletRequest req, int status) {
        if (meters instanceof MicrometerMeters m) {
            String path = req.getRequestURI();
            m.request(path.endsWith("/ask") ? "/ask" : "/search", status);
        }
    }

    private byte[] utf8(Object value) {
        try {
            return json.writeValueAsString(value).getBytes(StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("docask could not write its JSON", e);
        }
    }
}
