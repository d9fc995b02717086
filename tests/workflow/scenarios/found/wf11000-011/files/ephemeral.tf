variable "token" {
  type      = string
  default   = "abc123"
  ephemeral = true
}

output "token_null" {
  value = ephemeralasnull(var.token)
}

output "token_obj" {
  value = ephemeralasnull({ token = var.token, fixed = "x" })
}

resource "terraform_data" "token_count" {
  count = length(var.token)
}
