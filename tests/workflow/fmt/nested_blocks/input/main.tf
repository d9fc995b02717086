resource "terraform_data" "a" {
input = 1
lifecycle {
create_before_destroy = true
        ignore_changes = [input]
    precondition {
condition = true
  error_message = "no"
      }
}
    provisioner "local-exec" {
  command = "echo hi"
    }
}
