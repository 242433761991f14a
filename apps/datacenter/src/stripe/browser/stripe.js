/*
 * Stand-in Stripe.js of the datacenter simulator's payment sandbox (test mode only; not Stripe's
 * code). It implements the part of Stripe.js the panel uses: Stripe(publishableKey), elements(),
 * a 'card' element (card number, expiry and CVC inputs), createPaymentMethod, confirmCardSetup,
 * confirmCardPayment, handleCardAction, retrievePaymentIntent and retrieveSetupIntent. It talks to
 * the sandbox's /v1 API with the publishable key, as Stripe.js talks to Stripe's, and shows the
 * sandbox's 3-D Secure page in a modal frame when an intent asks for it.
 */
// Written as a plain script that every browser runs as served, without a build step.
/* eslint-disable @typescript-eslint/no-this-alias */
(function () {
  'use strict';
  if (window.Stripe) return;

  var script = document.currentScript;
  var BASE = new URL(script && script.src ? script.src : window.location.href).origin;
  var CHALLENGE_MESSAGE = 'stripe-sandbox-3ds-done';

  function encode(params, prefix, pairs) {
    Object.keys(params).forEach(function (key) {
      var value = params[key];
      var name = prefix ? prefix + '[' + key + ']' : key;
      if (value === undefined || value === null) return;
      if (typeof value === 'object') encode(value, name, pairs);
      else pairs.push([name, String(value)]);
    });
    return pairs;
  }

  function call(key, method, path, params) {
    var pairs = encode(Object.assign({ key: key }, params || {}), '', []);
    var body = new URLSearchParams(pairs);
    var url = BASE + path + (method === 'GET' ? '?' + body.toString() : '');
    return fetch(url, {
      method: method,
      headers: method === 'GET' ? {} : { 'content-type': 'application/x-www-form-urlencoded' },
      body: method === 'GET' ? undefined : body.toString(),
    })
      .then(function (response) {
        return response.json();
      })
      .catch(function () {
        return { error: { type: 'api_connection_error', message: 'Could not reach the payment sandbox.' } };
      });
  }

  // ---- card element -------------------------------------------------------------------------

  function luhn(number) {
    var sum = 0;
    for (var i = 0; i < number.length; i++) {
      var digit = Number(number[number.length - 1 - i]);
      if (i % 2 === 1) {
        digit *= 2;
        if (digit > 9) digit -= 9;
      }
      sum += digit;
    }
    return sum % 10 === 0;
  }

  function brandOf(number) {
    if (/^4/.test(number)) return 'visa';
    if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
    if (/^3[47]/.test(number)) return 'amex';
    if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
    if (/^35/.test(number)) return 'jcb';
    if (/^3(0[0-5]|[68])/.test(number)) return 'diners';
    if (/^62/.test(number)) return 'unionpay';
    return 'unknown';
  }

  var INCOMPLETE = {
    number: ['incomplete_number', 'Your card number is incomplete.'],
    expiry: ['incomplete_expiry', "Your card's expiration date is incomplete."],
    cvc: ['incomplete_cvc', "Your card's security code is incomplete."],
  };

  function CardElement(options) {
    this._options = options || {};
    this._listeners = {};
    this._root = null;
    this._inputs = null;
  }

  CardElement.prototype.on = function (event, handler) {
    (this._listeners[event] = this._listeners[event] || []).push(handler);
    return this;
  };
  CardElement.prototype.off = function (event, handler) {
    this._listeners[event] = (this._listeners[event] || []).filter(function (h) {
      return h !== handler;
    });
    return this;
  };
  CardElement.prototype._emit = function (event, payload) {
    (this._listeners[event] || []).forEach(function (handler) {
      handler(payload);
    });
  };

  CardElement.prototype._values = function () {
    var number = this._inputs.number.value.replace(/\D/g, '');
    var expiry = this._inputs.expiry.value.replace(/\D/g, '');
    return {
      number: number,
      exp_month: expiry.slice(0, 2),
      exp_year: expiry.slice(2, 4),
      cvc: this._inputs.cvc.value.replace(/\D/g, ''),
    };
  };

  /** The first problem of what is typed, as Stripe.js reports it, or null when complete. */
  CardElement.prototype._problem = function () {
    var v = this._values();
    if (v.number.length < 12) return INCOMPLETE.number;
    if (!luhn(v.number)) return ['invalid_number', 'Your card number is invalid.'];
    if (v.exp_month.length < 2 || v.exp_year.length < 2) return INCOMPLETE.expiry;
    var month = Number(v.exp_month);
    var year = 2000 + Number(v.exp_year);
    var now = new Date();
    if (month < 1 || month > 12) return ['invalid_expiry_month', "Your card's expiration month is invalid."];
    if (year * 12 + month < now.getFullYear() * 12 + now.getMonth() + 1) {
      return ['invalid_expiry_year_past', "Your card's expiration year is in the past."];
    }
    if (v.cvc.length < 3) return INCOMPLETE.cvc;
    return null;
  };

  CardElement.prototype._changed = function () {
    var v = this._values();
    var problem = this._problem();
    var typedAll = v.number.length >= 16 || (brandOf(v.number) === 'amex' && v.number.length >= 15);
    var showError =
      problem && (problem[0].indexOf('invalid') === 0 || (typedAll && problem === INCOMPLETE.number));
    this._emit('change', {
      elementType: 'card',
      empty: !v.number && !v.exp_month && !v.cvc,
      complete: !problem,
      brand: brandOf(v.number),
      error: showError ? { type: 'validation_error', code: problem[0], message: problem[1] } : undefined,
    });
  };

  function input(name, label, placeholder, autocomplete, width) {
    var element = document.createElement('input');
    element.name = name;
    element.type = 'text';
    element.inputMode = 'numeric';
    element.autocomplete = autocomplete;
    element.placeholder = placeholder;
    element.setAttribute('aria-label', label);
    element.style.cssText =
      'border:0;outline:0;background:transparent;font:inherit;color:inherit;min-width:0;padding:0;' +
      'flex:' +
      width;
    return element;
  }

  CardElement.prototype.mount = function (target) {
    var parent = typeof target === 'string' ? document.querySelector(target) : target;
    if (!parent) throw new Error('The mount target of the card element does not exist.');
    var self = this;
    var root = document.createElement('div');
    root.className = 'StripeElement StripeElement--empty';
    root.setAttribute('data-stripe-sandbox', 'card');
    root.style.cssText = 'display:flex;gap:8px;align-items:center;font-size:14px;line-height:1.5';
    var inputs = {
      number: input('cardnumber', 'Card number', '1234 1234 1234 1234', 'cc-number', '1 1 60%'),
      expiry: input('exp-date', 'Expiration date', 'MM / YY', 'cc-exp', '0 0 4.5em'),
      cvc: input('cvc', 'CVC', 'CVC', 'cc-csc', '0 0 3.5em'),
    };
    inputs.number.addEventListener('input', function () {
      var digits = inputs.number.value.replace(/\D/g, '').slice(0, 19);
      inputs.number.value = digits.replace(/(\d{4})(?=\d)/g, '$1 ');
      self._changed();
    });
    inputs.expiry.addEventListener('input', function () {
      var digits = inputs.expiry.value.replace(/\D/g, '').slice(0, 4);
      inputs.expiry.value = digits.length > 2 ? digits.slice(0, 2) + ' / ' + digits.slice(2) : digits;
      self._changed();
    });
    inputs.cvc.addEventListener('input', function () {
      inputs.cvc.value = inputs.cvc.value.replace(/\D/g, '').slice(0, 4);
      self._changed();
    });
    Object.keys(inputs).forEach(function (name) {
      inputs[name].addEventListener('focus', function () {
        root.classList.add('StripeElement--focus');
        self._emit('focus', { elementType: 'card' });
      });
      inputs[name].addEventListener('blur', function () {
        root.classList.remove('StripeElement--focus');
        self._emit('blur', { elementType: 'card' });
      });
      root.appendChild(inputs[name]);
    });
    parent.appendChild(root);
    this._root = root;
    this._inputs = inputs;
    setTimeout(function () {
      self._emit('ready', { elementType: 'card' });
    }, 0);
  };

  CardElement.prototype.unmount = function () {
    if (this._root && this._root.parentNode) this._root.parentNode.removeChild(this._root);
    this._root = null;
  };
  CardElement.prototype.destroy = CardElement.prototype.unmount;
  CardElement.prototype.focus = function () {
    if (this._inputs) this._inputs.number.focus();
  };
  CardElement.prototype.clear = function () {
    if (!this._inputs) return;
    this._inputs.number.value = this._inputs.expiry.value = this._inputs.cvc.value = '';
    this._changed();
  };
  CardElement.prototype.update = function (options) {
    this._options = Object.assign(this._options, options);
  };

  function Elements() {
    this._card = null;
  }
  Elements.prototype.create = function (type, options) {
    if (type !== 'card') throw new Error('The payment sandbox only provides the card element.');
    this._card = new CardElement(options);
    return this._card;
  };
  Elements.prototype.getElement = function (type) {
    return type === 'card' ? this._card : null;
  };

  // ---- 3-D Secure ---------------------------------------------------------------------------

  /** Shows the sandbox's challenge page in a modal frame; resolves once the card holder answered. */
  function challenge(url) {
    return new Promise(function (resolve) {
      var overlay = document.createElement('div');
      overlay.setAttribute('role', 'dialog');
      overlay.setAttribute('aria-modal', 'true');
      overlay.setAttribute('aria-label', '3D Secure authentication');
      overlay.style.cssText =
        'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.5);' +
        'display:flex;align-items:center;justify-content:center';
      var frame = document.createElement('iframe');
      frame.src = url;
      frame.title = '3D Secure authentication';
      frame.name = 'stripe-sandbox-challenge';
      frame.style.cssText = 'width:min(480px,92vw);height:420px;border:0;border-radius:8px;background:#fff';
      overlay.appendChild(frame);
      function done(event) {
        if (event.origin !== BASE || !event.data || event.data.type !== CHALLENGE_MESSAGE) return;
        window.removeEventListener('message', done);
        overlay.parentNode.removeChild(overlay);
        resolve();
      }
      window.addEventListener('message', done);
      document.body.appendChild(overlay);
    });
  }

  function challengeUrlOf(intent) {
    var action = intent.next_action;
    if (!action) return null;
    if (action.type === 'use_stripe_sdk') return action.use_stripe_sdk.stripe_js;
    if (action.type === 'redirect_to_url') return action.redirect_to_url.url;
    return null;
  }

  // ---- Stripe -------------------------------------------------------------------------------

  function intentIdOf(clientSecret) {
    return String(clientSecret || '').split('_secret_')[0];
  }

  function Stripe(key) {
    if (!(this instanceof Stripe)) return new Stripe(key);
    if (typeof key !== 'string' || key.indexOf('pk_') !== 0) {
      throw new Error('Invalid value for Stripe(): apiKey should be a publishable key (pk_…).');
    }
    this._key = key;
  }
  Stripe.version = 'endive';

  Stripe.prototype.elements = function () {
    return new Elements();
  };
  Stripe.prototype.registerAppInfo = function () {};
  Stripe.prototype._registerWrapper = function () {};

  Stripe.prototype.createPaymentMethod = function (typeOrData, element, data) {
    var params =
      typeof typeOrData === 'string' ? Object.assign({ type: typeOrData, card: element }, data) : typeOrData;
    var card = params.card;
    if (!(card instanceof CardElement)) {
      return Promise.resolve({ error: { type: 'validation_error', message: 'A card element is required.' } });
    }
    if (!card._inputs) {
      return Promise.resolve({
        error: { type: 'validation_error', message: 'The card element is not mounted.' },
      });
    }
    var problem = card._problem();
    if (problem)
      return Promise.resolve({ error: { type: 'validation_error', code: problem[0], message: problem[1] } });
    var v = card._values();
    return call(this._key, 'POST', '/v1/payment_methods', {
      type: 'card',
      card: { number: v.number, exp_month: v.exp_month, exp_year: v.exp_year, cvc: v.cvc },
      billing_details: params.billing_details,
    }).then(function (answer) {
      return answer.error ? { error: answer.error } : { paymentMethod: answer };
    });
  };

  /** The payment method id of confirm data: an id as it is, a card element made into one first. */
  Stripe.prototype._methodOf = function (data) {
    var method = data && data.payment_method;
    if (!method || typeof method === 'string') return Promise.resolve({ id: method });
    return this.createPaymentMethod({
      type: 'card',
      card: method.card,
      billing_details: method.billing_details,
    }).then(function (result) {
      return result.error ? { error: result.error } : { id: result.paymentMethod.id };
    });
  };

  Stripe.prototype._confirm = function (kind, clientSecret, data) {
    var self = this;
    var path = kind === 'setupIntent' ? '/v1/setup_intents/' : '/v1/payment_intents/';
    var errorField = kind === 'setupIntent' ? 'last_setup_error' : 'last_payment_error';
    var id = intentIdOf(clientSecret);
    return this._methodOf(data).then(function (method) {
      if (method.error) return { error: method.error };
      return call(self._key, 'POST', path + id + '/confirm', {
        client_secret: clientSecret,
        payment_method: method.id,
        use_stripe_sdk: 'true',
      }).then(function (intent) {
        return self._afterConfirm(kind, path, id, clientSecret, intent, errorField);
      });
    });
  };

  Stripe.prototype._afterConfirm = function (kind, path, id, clientSecret, intent, errorField) {
    var self = this;
    if (intent.error) return { error: intent.error };
    var url = intent.status === 'requires_action' ? challengeUrlOf(intent) : null;
    if (!url) return settled(kind, intent, errorField);
    return challenge(url)
      .then(function () {
        return call(self._key, 'GET', path + id, { client_secret: clientSecret });
      })
      .then(function (after) {
        return after.error ? { error: after.error } : settled(kind, after, errorField);
      });
  };

  function settled(kind, intent, errorField) {
    if (intent.status === 'requires_payment_method' && intent[errorField]) {
      var error = Object.assign({}, intent[errorField]);
      error[kind === 'setupIntent' ? 'setup_intent' : 'payment_intent'] = intent;
      return { error: error };
    }
    var result = {};
    result[kind] = intent;
    return result;
  }

  Stripe.prototype.confirmCardSetup = function (clientSecret, data) {
    return this._confirm('setupIntent', clientSecret, data);
  };
  Stripe.prototype.confirmCardPayment = function (clientSecret, data) {
    return this._confirm('paymentIntent', clientSecret, data);
  };

  Stripe.prototype.handleCardAction = function (clientSecret) {
    var self = this;
    var id = intentIdOf(clientSecret);
    var path = '/v1/payment_intents/';
    return call(this._key, 'GET', path + id, { client_secret: clientSecret }).then(function (intent) {
      return self._afterConfirm('paymentIntent', path, id, clientSecret, intent, 'last_payment_error');
    });
  };

  Stripe.prototype.retrievePaymentIntent = function (clientSecret) {
    return call(this._key, 'GET', '/v1/payment_intents/' + intentIdOf(clientSecret), {
      client_secret: clientSecret,
    }).then(function (intent) {
      return intent.error ? { error: intent.error } : { paymentIntent: intent };
    });
  };
  Stripe.prototype.retrieveSetupIntent = function (clientSecret) {
    return call(this._key, 'GET', '/v1/setup_intents/' + intentIdOf(clientSecret), {
      client_secret: clientSecret,
    }).then(function (intent) {
      return intent.error ? { error: intent.error } : { setupIntent: intent };
    });
  };

  window.Stripe = Stripe;
})();
