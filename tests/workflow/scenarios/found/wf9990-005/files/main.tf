resource "terraform_data" "b" {
  input = var.cfg

  lifecycle {
    create_before_destroy = true
  }
}

resource "terraform_data" "a" {
  input = { a = 1, b = "x" }
  depends_on = [terraform_data.b]

  lifecycle {
    create_before_destroy = true
    prevent_destroy = true
  }
}

output "out" {
  value = terraform_data.a.output
}
