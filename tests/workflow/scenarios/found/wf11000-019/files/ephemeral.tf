variable "token" {
  type      = string
  default   = "s3cret"
  ephemeral = true
}

output "token_obj" {
  value = ephemeralasnull({ token = var.token, fixed = "x" })
}

locals {
  token_upper = upper(var.token)
}

check "token_len" {
  assert {
    condition     = length(local.token_upper) > 8
    error_message = "Short: ${local.token_upper}"
  }
}
