// Passkeys in the browser. The server's options carry byte strings in base64url; navigator.credentials
// wants ArrayBuffers and answers with them, so this file converts both ways and posts the answer
// back. Used by Profile › Sign-in and security (add a passkey), the login page and the app lock
// (sign in or unlock with one). Messages come from the page's data attributes, in its language.
(function () {
  "use strict";
  if (window.ThrivePasskeys) { return; }

  function toBytes(text) {
    var base64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice(0, (4 - text.length % 4) % 4);
    var binary = atob(base64);
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) { bytes[i] = binary.charCodeAt(i); }
    return bytes.buffer;
  }

  function fromBytes(buffer) {
    var bytes = new Uint8Array(buffer);
    var binary = "";
    for (var i = 0; i < bytes.length; i++) { binary += String.fromCharCode(bytes[i]); }
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function post(url, body, csrf) {
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Accept": "application/json", "Content-Type": "application/json", "X-CSRF-Token": csrf },
      body: JSON.stringify(body || {})
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (json) {
        if (!response.ok) {
          var error = new Error((json.error && json.error.message) || response.statusText);
          error.fromServer = true;
          throw error;
        }
        return json;
      });
    });
  }

  function descriptors(list) {
    return (list || []).map(function (item) { return { type: item.type, id: toBytes(item.id) }; });
  }

  function supported() { return !!(window.PublicKeyCredential && navigator.credentials && window.isSecureContext); }

  // Makes a passkey: options from base + "/options", the answer to base.
  function create(base, name, csrf) {
    return post(base + "/options", {}, csrf).then(function (options) {
      options.challenge = toBytes(options.challenge);
      options.user.id = toBytes(options.user.id);
      options.excludeCredentials = descriptors(options.excludeCredentials);
      return navigator.credentials.create({ publicKey: options });
    }).then(function (credential) {
      return post(base, {
        name: name,
        credential: {
          id: credential.id,
          clientDataJSON: fromBytes(credential.response.clientDataJSON),
          attestationObject: fromBytes(credential.response.attestationObject)
        }
      }, csrf);
    });
  }

  // Signs in (or unlocks) with a passkey: options from base + "/options", the answer to base.
  function use(base, csrf) {
    return post(base + "/options", {}, csrf).then(function (options) {
      options.challenge = toBytes(options.challenge);
      options.allowCredentials = descriptors(options.allowCredentials);
      return navigator.credentials.get({ publicKey: options });
    }).then(function (credential) {
      var answer = credential.response;
      return post(base, {
        id: credential.id,
        clientDataJSON: fromBytes(answer.clientDataJSON),
        authenticatorData: fromBytes(answer.authenticatorData),
        signature: fromBytes(answer.signature),
        userHandle: answer.userHandle ? fromBytes(answer.userHandle) : null
      }, csrf);
    });
  }

  // What to tell the person when a ceremony fails: the server's own words, or the browser's reason.
  function explain(error, strings) {
    if (error.fromServer) { return error.message; }
    if (error.name === "InvalidStateError") { return strings.exists; }
    if (error.name === "NotAllowedError" || error.name === "AbortError") { return strings.cancelled; }
    return strings.failed;
  }

  window.ThrivePasskeys = { supported: supported, create: create, use: use, explain: explain };

  var form = document.getElementById("passkey-form");
  if (form) {
    var status = document.getElementById("passkey-status");
    var button = form.querySelector("button[type=submit]");
    if (!supported()) {
      status.textContent = form.dataset.unsupported;
      button.disabled = true;
    }
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (!supported()) { return; }
      button.disabled = true;
      status.textContent = form.dataset.working;
      create(form.dataset.base, document.getElementById("passkeyName").value, form.dataset.csrf).then(function () {
        window.location.assign(form.dataset.done);
      }).catch(function (error) {
        status.textContent = explain(error, form.dataset);
        button.disabled = false;
      });
    });
  }

  var signIn = document.getElementById("passkey-sign-in");
  if (signIn && supported()) {
    var signInStatus = document.getElementById("passkey-sign-in-status");
    var signInButton = signIn.querySelector("button");
    signIn.hidden = false;
    signInButton.addEventListener("click", function () {
      signInButton.disabled = true;
      signInStatus.textContent = signIn.dataset.working;
      use(signIn.dataset.base, signIn.dataset.csrf).then(function (answer) {
        window.location.assign(answer.redirect);
      }).catch(function (error) {
        signInStatus.textContent = explain(error, signIn.dataset);
        signInButton.disabled = false;
      });
    });
  }
})();
